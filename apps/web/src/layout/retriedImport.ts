// A script loaded on demand is asked for again when its download fails (a flaky connection, or a
// deploy while the tab is open). Chromium keeps no failed module, so each new try fetches again only
// the scripts that failed; a script whose own imports fail at one of them after another (a page, its
// shared chunk, that chunk's imports) needs a try per level, hence a few tries, not one. Each try
// waits a little longer: a download that another import of the same script still had under way
// fails that one too, and a flaky connection may need a moment.
const TRIES = 6;
const FIRST_WAIT_MS = 150;

/** Runs `importer` until it succeeds, at most TRIES times; the last failure is thrown. */
export async function retriedImport<T>(importer: () => Promise<T>, tries = TRIES, wait = FIRST_WAIT_MS): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    if (tries <= 1) throw error;
    await new Promise((resolve) => setTimeout(resolve, wait));
    return retriedImport(importer, tries - 1, wait * 2);
  }
}
