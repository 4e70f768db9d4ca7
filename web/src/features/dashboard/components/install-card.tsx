import { MonitorSmartphone } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { promptInstall, useInstallOffer } from "@/lib/install-prompt";

/** Set once the owner dismissed the card or answered the browser's dialog: the app asks once. */
export const INSTALL_ASKED_KEY = "trigger-switch:install-asked";

const alreadyAsked = () => {
  try {
    return localStorage.getItem(INSTALL_ASKED_KEY) !== null;
  } catch {
    return false;
  }
};

/**
 * The one place the app offers to be installed: on the dashboard, below the check-in, while the
 * browser offers it (it does not once installed, or where it cannot), until it is dismissed.
 */
export function InstallCard() {
  const offered = useInstallOffer();
  const [asked, setAsked] = useState(alreadyAsked);
  if (!offered || asked) return null;
  const done = () => {
    try {
      localStorage.setItem(INSTALL_ASKED_KEY, new Date().toISOString());
    } catch {
      // Private browsing without storage: the card goes away for this visit only.
    }
    setAsked(true);
  };
  return (
    <aside
      aria-labelledby="install-card-title"
      className="flex items-start gap-3 rounded-lg border bg-card p-4 text-sm shadow-xs"
    >
      <MonitorSmartphone className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div>
          <p id="install-card-title" className="font-medium">
            Install Trigger Switch on this device
          </p>
          <p className="text-muted-foreground">
            It opens from your home screen or app list straight to this dashboard, in its own window.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void promptInstall().finally(done)}>
            Install
          </Button>
          <Button size="sm" variant="outline" onClick={done}>
            Not now
          </Button>
        </div>
      </div>
    </aside>
  );
}
