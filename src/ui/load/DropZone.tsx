/** The overlay shown while a file is dragged over the page; dropping it loads it. */
import { memo, useEffect, useState } from 'react';
import { useLoader } from '../../app/useLoader';

/** Drop a file anywhere on the page. */
export const DropZone = memo(DropZoneComponent);

function DropZoneComponent() {
  const load = useLoader();
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overHandler = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      const file = e.dataTransfer?.files[0];
      if (file) void load({ source: { kind: 'file', file }, sourceName: file.name });
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overHandler);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overHandler);
      window.removeEventListener('drop', drop);
    };
  }, [load]);
  return over ? (
    <div className="drop-overlay" data-testid="drop-overlay">
      Drop a transcript file to load it
    </div>
  ) : null;
}
