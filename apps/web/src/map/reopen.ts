// The monument whose popup is open on the map, while this page is loaded: coming back to the map
// (the browser's back from the monument's view, a link to the map) opens it again, in the view the
// map had. Kept in memory, not in storage: a reload starts with the map as its address says.
let open: string | undefined;

export const popupToReopen = {
  read: (): string | undefined => open,
  write: (monumentId: string): void => void (open = monumentId),
  clear: (): void => void (open = undefined),
};
