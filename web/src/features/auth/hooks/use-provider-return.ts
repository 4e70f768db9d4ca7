import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useServices } from "@/lib/services";

export type ProviderReturn = { status: "none" } | { status: "finishing" } | { status: "failed"; message: string };

/**
 * Back from an OpenID provider, the sign-in page's address carries `?code=` (exchanged once for
 * the session) or `?error_description=`. Both are taken out of the address bar at once, so a
 * reload or a shared link does not replay them.
 */
export function useProviderReturn(): ProviderReturn {
  const { oauth } = useServices();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const code = params.get("code");
  const error = params.get("error_description");
  const [state, setState] = useState<ProviderReturn>(() =>
    code && oauth ? { status: "finishing" } : error ? { status: "failed", message: error } : { status: "none" },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!code && !error) return;
    navigate({ pathname: location.pathname, hash: location.hash }, { replace: true, state: location.state });
    if (!code || !oauth || started.current) return;
    started.current = true;
    void oauth.finish(code).then(
      ({ error: failure }) => {
        if (failure)
          setState({
            status: "failed",
            message: `The sign-in with your provider did not complete: ${failure.message}`,
          });
        else setState({ status: "none" });
      },
      () => setState({ status: "failed", message: "Could not reach the server. Check your connection and try again." }),
    );
  }, [code, error, oauth, navigate, location.pathname, location.hash, location.state]);

  return state;
}
