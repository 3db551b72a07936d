// A proposal's number as staff type it from a mail: "12", "Nr. 12", "no. 12" or "#12" (lower case).

/** The number a search asks for, or undefined when it is not a proposal number. */
export function proposalNumberIn(needle: string): number | undefined {
  const digits = /^(?:nr\.?|no\.?|#)?\s*(\d{1,9})$/.exec(needle)?.[1];
  return digits === undefined ? undefined : Number(digits);
}
