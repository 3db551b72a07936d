// A modal <dialog> (report, follow, photo upload): shown when it mounts, closed with an outcome.
// Its owner hears the outcome as soon as it closes (Escape, a button, a sent form), in the same
// task. The dialog's own `close` event comes a task later: a key pressed in between (Enter on the
// opener again) reopened a dialog that this late event then closed at once.
import { useEffect, useRef, type SyntheticEvent } from 'react';

export function useModalDialog<T>(onDone: (outcome: T | null) => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const done = useRef(false);
  useEffect(() => {
    const element = ref.current;
    if (element && !element.open) element.showModal();
  }, []);
  const finish = (outcome: T | null) => {
    if (done.current) return;
    done.current = true;
    // Closed first: the page behind is inert while the dialog is modal, and the owner moves focus there.
    ref.current?.close();
    onDone(outcome);
  };
  return {
    ref,
    finish,
    /** Escape: closed here, not by the browser (whose close event would come a task later). */
    onCancel: (event: SyntheticEvent) => {
      event.preventDefault();
      finish(null);
    },
    /** Any other way it closed. */
    onClose: () => finish(null),
  };
}
