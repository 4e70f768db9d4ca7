import { useEffect, useState } from "react";
import { ratePassphrase, type PassphraseRating } from "./passphrase";

/** The rating of what is typed, a moment after typing stops; null while it is being rated. */
export function usePassphraseRating(passphrase: string, enabled: boolean): PassphraseRating | null {
  const [rated, setRated] = useState<{ passphrase: string; rating: PassphraseRating } | null>(null);
  useEffect(() => {
    if (!enabled || !passphrase) return;
    let current = true;
    const timer = setTimeout(() => {
      void ratePassphrase(passphrase).then((rating) => current && setRated({ passphrase, rating }));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [passphrase, enabled]);
  return rated?.passphrase === passphrase ? rated.rating : null;
}
