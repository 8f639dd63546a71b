import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type RefObject } from "react";
import { useT } from "~/components/language-context";
import type { EmblaApi } from "~/components/lazy-embla";

// Moving content must be pausable (WCAG 2.2.2): a Pause/Play button, a pause while the pointer is
// over the carousel or keyboard focus is inside it, and no autoplay for visitors who prefer
// reduced motion unless they press Play. The autoplay plugin's own listeners are left off
// (stopOnMouseEnter, stopOnFocusIn) because they would restart it after the visitor paused it.

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeToMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True when the visitor prefers reduced motion (and on the server, where nothing moves anyway). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

/** Autoplay options for carousels driven by useCarouselAutoplay. */
export const CONTROLLED_AUTOPLAY = { playOnInit: false, stopOnInteraction: true, stopOnMouseEnter: false, stopOnFocusIn: false };

export function useCarouselAutoplay(emblaApi: EmblaApi) {
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<"play" | "pause" | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const playing = choice ? choice === "play" : !reducedMotion;
  const running = Boolean(emblaApi) && playing && !hovered && !focused;

  useEffect(() => {
    const autoplay = emblaApi?.plugins().autoplay;
    if (!emblaApi || !autoplay) return;
    if (!running) {
      autoplay.stop();
      return;
    }
    autoplay.play();
    // A swipe stops the plugin (stopOnInteraction); carry on afterwards.
    const resume = () => autoplay.play();
    emblaApi.on("pointerUp", resume);
    return () => {
      emblaApi.off("pointerUp", resume);
    };
  }, [emblaApi, running]);

  return {
    reducedMotion,
    /** Spread on the carousel's outer element. */
    regionProps: {
      "data-autoplay": running ? "playing" : "paused",
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      // Focus on the Pause/Play button itself does not count: the visitor is choosing.
      onFocus: (event: FocusEvent) => setFocused(event.target !== toggleRef.current),
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      },
    },
    toggleProps: {
      buttonRef: toggleRef,
      playing,
      onToggle: () => setChoice(playing ? "pause" : "play"),
    },
  };
}

/** The visible Pause/Play button; its name says what pressing it does. */
export function AutoplayToggle({
  playing,
  onToggle,
  what,
  className = "",
  buttonRef,
}: {
  playing: boolean;
  onToggle: () => void;
  what: string;
  className?: string;
  buttonRef: RefObject<HTMLButtonElement>;
}) {
  const { t } = useT();
  return (
    <button
      type="button"
      ref={buttonRef}
      className={`autoplay-toggle ${className}`.trim()}
      aria-label={t(playing ? "common.ui.pauseWhat" : "common.ui.playWhat", { what })}
      onClick={onToggle}
    >
      <span aria-hidden="true" className={playing ? "icon-pause" : "icon-play"} />
      {t(playing ? "common.ui.pause" : "common.ui.play")}
    </button>
  );
}

/** Previous, Pause/Play and Next under a carousel, shown once it runs (without JavaScript the row scrolls). */
export function CarouselControls({
  emblaApi,
  reducedMotion,
  toggleProps,
  what,
  previousLabel,
  nextLabel,
}: {
  emblaApi: EmblaApi;
  reducedMotion: boolean;
  toggleProps: Omit<Parameters<typeof AutoplayToggle>[0], "what" | "className">;
  what: string;
  previousLabel: string;
  nextLabel: string;
}) {
  if (!emblaApi) return null;
  return (
    <div className="carousel-controls">
      <button type="button" className="icon-button" onClick={() => emblaApi.scrollPrev(reducedMotion)} aria-label={previousLabel}>
        ‹
      </button>
      <AutoplayToggle {...toggleProps} what={what} />
      <button type="button" className="icon-button" onClick={() => emblaApi.scrollNext(reducedMotion)} aria-label={nextLabel}>
        ›
      </button>
    </div>
  );
}
