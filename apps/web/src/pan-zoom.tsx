import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const zoomed = (b: Box, factor: number, cx = b.x + b.w / 2, cy = b.y + b.h / 2): Box => ({
  x: cx - (cx - b.x) * factor,
  y: cy - (cy - b.y) * factor,
  w: b.w * factor,
  h: b.h * factor,
});

/**
 * An SVG map that zooms and pans: wheel and drag with a mouse, pinch and drag on a touch screen,
 * arrows, + and - and 0 from the keyboard, and buttons. A drag is not a click on what it started on.
 * It opens on `start` (a player's own part of it), the whole of `bounds` when not given; 0 and the
 * fit button show the whole map.
 */
export function PanZoom({
  bounds,
  start = bounds,
  label,
  children,
}: {
  bounds: Box;
  start?: Box;
  label: string;
  children: ComponentChildren;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const [box, setBox] = useState(start);
  const boxRef = useRef(box);
  boxRef.current = box;
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const dragged = useRef(false);
  const key = `${start.x},${start.y},${start.w},${start.h}`;
  useEffect(() => setBox(start), [key]);

  /** Map units per screen pixel (the SVG keeps its aspect ratio: the larger of the two). */
  const scale = () => {
    const rect = svg.current!.getBoundingClientRect();
    return Math.max(boxRef.current.w / rect.width, boxRef.current.h / rect.height);
  };
  const toMap = (clientX: number, clientY: number) => {
    const rect = svg.current!.getBoundingClientRect();
    const s = scale();
    const b = boxRef.current;
    return {
      x: b.x + b.w / 2 + (clientX - rect.left - rect.width / 2) * s,
      y: b.y + b.h / 2 + (clientY - rect.top - rect.height / 2) * s,
    };
  };

  useEffect(() => {
    const el = svg.current!;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const at = toMap(e.clientX, e.clientY);
      setBox(zoomed(boxRef.current, Math.pow(1.0015, e.deltaY), at.x, at.y));
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, []);

  const down = (e: PointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) dragged.current = false;
  };
  const move = (e: PointerEvent) => {
    const last = pointers.current.get(e.pointerId);
    if (!last) return;
    const s = scale();
    if (pointers.current.size === 1) {
      const [dx, dy] = [e.clientX - last.x, e.clientY - last.y];
      if (!dragged.current && Math.hypot(dx, dy) < 4) return;
      if (!dragged.current) svg.current!.setPointerCapture(e.pointerId);
      dragged.current = true;
      setBox((b) => ({ ...b, x: b.x - dx * s, y: b.y - dy * s }));
    } else if (pointers.current.size === 2) {
      const other = [...pointers.current.entries()].find(([id]) => id !== e.pointerId)![1];
      const before = Math.hypot(last.x - other.x, last.y - other.y);
      const after = Math.hypot(e.clientX - other.x, e.clientY - other.y);
      const mid = toMap((e.clientX + other.x) / 2, (e.clientY + other.y) / 2);
      dragged.current = true;
      if (before > 0 && after > 0) setBox((b) => zoomed(b, before / after, mid.x, mid.y));
    }
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
  };
  const up = (e: PointerEvent) => pointers.current.delete(e.pointerId);
  const key_ = (e: KeyboardEvent) => {
    const step = 0.15;
    const moves: Record<string, () => Box> = {
      ArrowLeft: () => ({ ...box, x: box.x - box.w * step }),
      ArrowRight: () => ({ ...box, x: box.x + box.w * step }),
      ArrowUp: () => ({ ...box, y: box.y - box.h * step }),
      ArrowDown: () => ({ ...box, y: box.y + box.h * step }),
      '+': () => zoomed(box, 0.8),
      '=': () => zoomed(box, 0.8),
      '-': () => zoomed(box, 1.25),
      '0': () => bounds,
    };
    if (e.target !== svg.current || !moves[e.key]) return;
    e.preventDefault();
    setBox(moves[e.key]());
  };

  return (
    <div class="pan-zoom">
      <svg
        ref={svg}
        class="map"
        viewBox={`${box.x} ${box.y} ${box.w} ${box.h}`}
        role="group"
        tabIndex={0}
        aria-label={`${label}. Arrow keys pan, plus and minus zoom, 0 fits the map.`}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onKeyDown={key_}
        onClickCapture={(e) => {
          if (dragged.current) e.stopPropagation();
          dragged.current = false;
        }}
      >
        {children}
      </svg>
      <div class="map-controls">
        <button type="button" aria-label="Zoom in" onClick={() => setBox(zoomed(box, 0.8))}>
          +
        </button>
        <button type="button" aria-label="Zoom out" onClick={() => setBox(zoomed(box, 1.25))}>
          −
        </button>
        <button type="button" aria-label="Fit the whole map" onClick={() => setBox(bounds)}>
          ⤢
        </button>
      </div>
    </div>
  );
}

/** One colour per empire, the same wherever it is drawn; yours is always the accent. */
const PALETTE = [
  '#f59e0b',
  '#ef4444',
  '#a855f7',
  '#22c55e',
  '#ec4899',
  '#14b8a6',
  '#eab308',
  '#f97316',
  '#8b5cf6',
  '#84cc16',
];
export function colourOf(owner: string): string {
  let h = 0;
  for (const c of owner.toUpperCase()) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}
export const MINE = '#4f9dff';
