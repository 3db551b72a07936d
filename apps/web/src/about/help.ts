// Where "Hilfe" under every page leads: the help section of /about (its anchor).
export const HELP_ID = 'hilfe';
