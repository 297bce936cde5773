import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ShieldIcon } from '../../../components/ui/icons';
import { useBrokenImage } from '../../../lib/broken-images';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { agencyMessages } from '../messages';

type Shown = { kind: 'none' } | { kind: 'insecure' } | { kind: 'image'; src: string };

/** What the preview can show for a typed address (the proxy's CSP allows images from https: and data: only). */
function shownFor(url: string): Shown {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'none' };
  }
  if (parsed.protocol === 'http:') return { kind: 'insecure' };
  return parsed.protocol === 'https:' && parsed.hostname !== '' ? { kind: 'image', src: url } : { kind: 'none' };
}

/**
 * The logo as the header will show it, live while the address is typed (once
 * typing pauses). An image that does not load says so and shows the shield
 * the header falls back to: the page never shows a broken image.
 */
export function LogoPreview({ url }: { url: string }) {
  const t = useStore(agencyMessages);
  const shown = shownFor(useDebouncedValue(url.trim(), 400));
  return (
    <figure className="flex items-center gap-3">
      {shown.kind === 'image' ? (
        <LoadingImage key={shown.src} src={shown.src} />
      ) : (
        <>
          <Frame>
            <ShieldIcon size={28} className="text-primary" />
          </Frame>
          <figcaption role="status" className="text-sm text-muted-foreground">
            {shown.kind === 'insecure' ? t.logoInsecure : t.logoNone}
          </figcaption>
        </>
      )}
    </figure>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-surface-muted">
      {children}
    </div>
  );
}

/** A broken address is remembered for the session (lib/broken-images.ts): not fetched again on each visit. */
function LoadingImage({ src }: { src: string }) {
  const t = useStore(agencyMessages);
  const [loaded, setLoaded] = useState(false);
  const [broken, setBroken] = useBrokenImage(src);
  const state = broken ? 'broken' : loaded ? 'loaded' : 'loading';
  const message = state === 'loading' ? t.logoLoading : state === 'loaded' ? t.logoShown : t.logoBroken;
  return (
    <>
      <Frame>
        {state === 'broken' ? (
          <ShieldIcon size={28} className="text-primary" />
        ) : (
          <img
            src={src}
            alt={t.logoPreview}
            referrerPolicy="no-referrer"
            className="size-full object-contain"
            onLoad={() => setLoaded(true)}
            onError={setBroken}
          />
        )}
      </Frame>
      <figcaption
        role="status"
        className={state === 'broken' ? 'text-sm text-warning-text' : 'text-sm text-muted-foreground'}
      >
        {message}
      </figcaption>
    </>
  );
}
