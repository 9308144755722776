/** Workflow ids carry meaning so operators can find them in the Temporal UI. */
export const skeletonWorkflowId = (id: string) => `skeleton:${id}`;
