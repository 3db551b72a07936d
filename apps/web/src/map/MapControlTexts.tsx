// Leaflet's control texts in the visitor's language, changing with the language selector: the zoom
// buttons' names (Leaflet says "Zoom in"), the attribution prefix's link title and a popup's ×. Any map uses it:
// <MapContainer zoomControl={false}> with <MapControlTexts /> inside.
import { control } from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet/hooks';

export function MapControlTexts() {
  const map = useMap();
  const { t } = useTranslation();
  const zoomIn = t('map.controls.zoomIn');
  const zoomOut = t('map.controls.zoomOut');
  const leaflet = t('map.controls.leafletTitle');
  const closePopup = t('languageFixes.closePopup');
  useEffect(() => {
    // Leaflet reads the titles only when it builds the buttons: a new control per language.
    const zoom = control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map);
    return () => void zoom.remove();
  }, [map, zoomIn, zoomOut]);
  useEffect(() => {
    // Built as an element, so the text stays text in the prefix's HTML.
    const link = document.createElement('a');
    link.href = 'https://leafletjs.com';
    link.title = leaflet;
    link.textContent = 'Leaflet';
    map.attributionControl?.setPrefix(link.outerHTML);
  }, [map, leaflet]);
  useEffect(() => {
    // A popup's × (Leaflet names it "Close popup"): named when it opens, and the open one at once.
    const name = (popup: { getElement(): HTMLElement | undefined } | undefined) =>
      popup?.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', closePopup);
    const onOpen = (event: { popup: { getElement(): HTMLElement | undefined } }) => name(event.popup);
    map.on('popupopen', onOpen);
    map
      .getPane('popupPane')
      ?.querySelectorAll('.leaflet-popup-close-button')
      .forEach((button) => button.setAttribute('aria-label', closePopup));
    return () => void map.off('popupopen', onOpen);
  }, [map, closePopup]);
  return null;
}
