import { useEffect } from "react";

/** The spec's browser alerts (JavaScript on); the same text is also rendered in the page. */
export function useResultAlert(message: string | undefined | null) {
  useEffect(() => {
    if (message) window.alert(message);
  }, [message]);
}
