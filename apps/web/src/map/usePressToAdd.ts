// Right-click, or a press held for 3 seconds (mouse, pen or touch), stores pendingCoords and
// opens /add. While a press is held, `progress` (0..1) and its screen point drive a ring.
import { useNavigate } from '@tanstack/react-router';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useState } from 'react';
import { pendingCoords } from '../storage/keys';

export const HOLD_MS = 3000;
const MOVE_TOLERANCE_PX = 10;
const IGNORE = '.leaflet-marker-icon, .leaflet-popup, .leaflet-control, .map-overlay';

export type Hold = { x: number; y: number; progress: number } | null;

export function usePressToAdd(map: LeafletMap | null): Hold {
  const navigate = useNavigate();
  const [hold, setHold] = useState<Hold>(null);

  useEffect(() => {
    if (!map) return;
    const container = map.getContainer();
    let press: { id: number; x: number; y: number; start: number; timer: number; touch: boolean } | null = null;

    const openAdd = (clientX: number, clientY: number) => {
      const rect = container.getBoundingClientRect();
      const latlng = map.containerPointToLatLng([clientX - rect.left, clientY - rect.top]);
      pendingCoords.write({ lat: latlng.lat, lng: latlng.lng });
      void navigate({ to: '/add' });
    };
    const stop = () => {
      if (!press) return;
      window.clearInterval(press.timer);
      press = null;
      setHold(null);
    };
    const onDown = (event: PointerEvent) => {
      if (!event.isPrimary || event.button !== 0) return;
      if (event.target instanceof Element && event.target.closest(IGNORE)) return;
      stop();
      const rect = container.getBoundingClientRect();
      const start = performance.now();
      const x = event.clientX;
      const y = event.clientY;
      const timer = window.setInterval(() => {
        const progress = Math.min(1, (performance.now() - start) / HOLD_MS);
        if (progress >= 1) {
          stop();
          openAdd(x, y);
        } else {
          setHold({ x: x - rect.left, y: y - rect.top, progress });
        }
      }, 50);
      press = { id: event.pointerId, x, y, start, timer, touch: event.pointerType !== 'mouse' };
      setHold({ x: x - rect.left, y: y - rect.top, progress: 0 });
    };
    const onMove = (event: PointerEvent) => {
      if (
        press &&
        event.pointerId === press.id &&
        Math.hypot(event.clientX - press.x, event.clientY - press.y) > MOVE_TOLERANCE_PX
      )
        stop();
    };
    const onUp = (event: PointerEvent) => {
      if (press && event.pointerId === press.id) stop();
    };
    const onContextMenu = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest(IGNORE)) return;
      event.preventDefault();
      // A touch screen's own long press (about 0.5 s) must not cut the promised 3 s short.
      if (press?.touch) return;
      stop();
      openAdd(event.clientX, event.clientY);
    };

    container.addEventListener('pointerdown', onDown);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
    container.addEventListener('contextmenu', onContextMenu);
    map.on('dragstart zoomstart', stop);
    return () => {
      stop();
      container.removeEventListener('pointerdown', onDown);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
      container.removeEventListener('contextmenu', onContextMenu);
      map.off('dragstart zoomstart', stop);
    };
  }, [map, navigate]);

  return hold;
}
