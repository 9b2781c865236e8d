/**
 * Long synchronous work in the API process (ingest analysis, typesetting the demo books, the recommendations job)
 * awaits this between slices so requests keep being answered while it runs.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
