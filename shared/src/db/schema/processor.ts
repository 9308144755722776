/** Tables of this group; see docs/architecture.md for which service writes them. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in as the group's tables land
export interface ProcessorTables {}
