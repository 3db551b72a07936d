// The app's own font (styles/fonts.css) for a fixture page that the app does not serve: a
// fixture drawn in the browser's default font would measure differently on a machine with other
// fonts installed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const woff2 = readFileSync(require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2')).toString('base64');

/** A <style> that draws the page's body in Noto Sans 400 at 16 px, from a data: URL. */
export const APP_FONT_STYLE = `<style>
@font-face { font-family: 'Noto Sans'; src: url(data:font/woff2;base64,${woff2}) format('woff2'); }
body { font: 16px 'Noto Sans'; }
</style>`;
