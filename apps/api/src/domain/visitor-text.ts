// A visitor's text made safe where we show it outside the web app (mails, share pages, feeds):
// on one line, as a block that keeps its line breaks, or escaped for HTML.

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]+/g;

/** On one line: control characters (line breaks included) become spaces. */
export const oneLine = (s: string) => s.replace(CONTROLS, ' ').trim();

/** A block: its line breaks kept (as \n), every other control character a space. */
export const oneBlock = (s: string) => s.replace(/\r\n?/g, '\n').replace(CONTROLS_BUT_NEWLINE, ' ');

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML text or an attribute's value: nothing in it becomes markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
