import { PANIC_CONFIRM_WINDOW_MS } from "@trigger-switch/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { announceConditionsUpdated, invalidateConditionViews } from "@/lib/conditions-events";
import { useApi } from "@/lib/services";
import { sendEmergency } from "../api/send-emergency";
import { shareLocation } from "../api/share-location";
import { showPanicToast } from "../utils/emergency-toasts";
import { newRequestId } from "../utils/new-request-id";
import { IDLE, step, type PanicEffect, type PanicEvent, type PanicState } from "../utils/panic-machine";
import type { PanicMessage } from "../utils/panic-messages";
import { serverLocationOf } from "../utils/sent-location";

/** The countdown's beat (spec §4 'CLICK TO CANCEL (3)', (2), (1)). */
const TICK_MS = 1000;

export interface PanicButtonOptions {
  signedIn: boolean;
  /** The messages a press may send, read at the moment of the press. */
  messages: PanicMessage[];
}

export interface PanicButton {
  state: PanicState;
  press: () => void;
  choose: (messageId: string) => void;
  dismissSelector: () => void;
  triggerChosen: () => void;
}

/**
 * The Emergency button's clocks and calls around the pure machine (`panic-machine.ts`): the 3 s
 * confirm window, the 1 s countdown ticks, the position, the alert and its retry.
 *
 * The calls and the retry timer deliberately outlive the component: an alert on its way is not
 * abandoned because the header re-mounted (e.g. the person tapped the logo). The confirm window
 * and the countdown do stop with it — there is nothing left on screen to confirm or cancel.
 */
export function usePanicButton({ signedIn, messages }: PanicButtonOptions): PanicButton {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<PanicState>(IDLE);
  const stateRef = useRef<PanicState>(IDLE);
  const latest = useRef({ api, queryClient, navigate, signedIn, messages });
  useEffect(() => {
    latest.current = { api, queryClient, navigate, signedIn, messages };
  });

  // One stable dispatch for the component's life: timers and calls hold on to it.
  const [dispatch] = useState(() => {
    const send = (event: PanicEvent) => {
      const next = step(stateRef.current, event);
      stateRef.current = next.state;
      setState(next.state);
      next.effects.forEach((effect) => run(effect, send, latest.current));
    };
    return send;
  });

  useEffect(() => {
    if (state.kind !== "confirming") return;
    const timer = setTimeout(() => dispatch({ type: "confirm-expired" }), PANIC_CONFIRM_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [state, dispatch]);

  const remaining = state.kind === "countdown" ? state.remaining : null;
  useEffect(() => {
    if (remaining === null) return;
    const timer = setTimeout(() => dispatch({ type: "tick" }), TICK_MS);
    return () => clearTimeout(timer);
  }, [remaining, dispatch]);

  return {
    state,
    press: () =>
      dispatch({
        type: "press",
        signedIn: latest.current.signedIn,
        messages: latest.current.messages,
        stamp: { deduplicationId: newRequestId(), timestamp: new Date().toISOString() },
      }),
    choose: (messageId) => dispatch({ type: "choose", messageId }),
    dismissSelector: () => dispatch({ type: "dismiss-selector" }),
    triggerChosen: () => dispatch({ type: "trigger-chosen" }),
  };
}

interface Context {
  api: ReturnType<typeof useApi>;
  queryClient: ReturnType<typeof useQueryClient>;
  navigate: ReturnType<typeof useNavigate>;
  messages: PanicMessage[];
}

function run(
  effect: PanicEffect,
  dispatch: (event: PanicEvent) => void,
  { api, queryClient, navigate, messages }: Context,
): void {
  switch (effect.type) {
    case "toast":
      showPanicToast(effect.toast, effect.result, effect.reason);
      return;
    case "locate": {
      const { request } = effect;
      void shareLocation(api, request.messageId).then((location) =>
        dispatch({ type: "located", deduplicationId: request.deduplicationId, location }),
      );
      return;
    }
    case "send": {
      const { request, attempt } = effect;
      const post = () =>
        void sendEmergency(api, request).then((outcome) => {
          if (!outcome.ok) {
            console.error(`Emergency alert attempt ${attempt} failed`, outcome.error);
            dispatch({
              type: "send-failed",
              deduplicationId: request.deduplicationId,
              attempt,
              authRequired: outcome.authRequired,
              reason: outcome.reason,
              unreachable: outcome.unreachable,
            });
            return;
          }
          const { answer } = outcome;
          dispatch({
            type: "send-succeeded",
            deduplicationId: request.deduplicationId,
            attempt,
            recipients: answer.recipients ?? null,
            duplicate: answer.duplicate === true,
            location: serverLocationOf(answer),
            // The toast names attachments only when the message is known to have some.
            attachments: messages.find((m) => m.id === request.messageId)?.attachmentCount ?? null,
          });
        });
      if (effect.delayMs > 0) setTimeout(post, effect.delayMs);
      else post();
      return;
    }
    case "conditions-changed":
      // The header reloads its conditions from the event (as after a check-in); pages refetch.
      announceConditionsUpdated();
      void invalidateConditionViews(queryClient);
      return;
    case "go-to-messages":
      void navigate(paths.messages);
      return;
  }
}
