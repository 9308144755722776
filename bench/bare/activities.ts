/** The bare workflow's one local activity: no I/O, so what is measured is the engine's round trip. */
export async function touch(): Promise<string> {
  return 'touched';
}
