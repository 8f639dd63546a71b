// The carousels' engine (Embla and its plugins), loaded after the page has hydrated and the
// browser is idle: the pages work without it (a row that scrolls sideways, the first hero slide),
// so it stays off the critical path and out of the first JavaScript a page downloads.
import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from "embla-carousel";
import { useEffect, useRef, useState } from "react";

export type EmblaApi = EmblaCarouselType | undefined;

function whenIdle(run: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

/** Like embla-carousel-react's useEmblaCarousel: [ref for the viewport, the carousel once it runs]. */
export function useLazyEmbla(options: EmblaOptionsType, loadPlugins: () => Promise<EmblaPluginType[]>) {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaApi>();
  // The first render's settings, as useEmblaCarousel takes them.
  const settings = useRef({ options, loadPlugins });
  useEffect(() => {
    if (!viewport) return;
    let stopped = false;
    let carousel: EmblaCarouselType | undefined;
    let cancelIdle = whenIdle(() => {
      void Promise.all([import("embla-carousel"), settings.current.loadPlugins()]).then(
        ([{ default: EmblaCarousel }, plugins]) => {
          if (stopped) return;
          // Each carousel starts in an idle moment of its own: the page's carousels, loaded together,
          // would otherwise measure their slides in one long task (docs/performance.md).
          cancelIdle = whenIdle(() => {
            carousel = EmblaCarousel(viewport, settings.current.options, plugins);
            setApi(carousel);
          });
        },
      );
    });
    return () => {
      stopped = true;
      cancelIdle();
      carousel?.destroy();
      setApi(undefined);
    };
  }, [viewport]);
  return [setViewport, api] as const;
}
