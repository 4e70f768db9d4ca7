import {
  CircleCheck,
  CirclePause,
  CircleDashed,
  CircleSlash,
  Send,
  ShieldCheck,
  TriangleAlert,
  type LucideIcon,
} from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { MessageState, MessageStateKind } from "../utils/message-state";

const LOOK: Record<
  MessageStateKind,
  { variant: "success" | "warning" | "danger" | "neutral" | "info"; icon: LucideIcon }
> = {
  armed: { variant: "success", icon: ShieldCheck },
  due: { variant: "danger", icon: TriangleAlert },
  delivered: { variant: "info", icon: Send },
  withdrawn: { variant: "neutral", icon: CircleSlash },
  cancelled: { variant: "neutral", icon: CircleCheck },
  disarmed: { variant: "neutral", icon: CirclePause },
  not_ready: { variant: "warning", icon: CircleDashed },
};

export function MessageStateBadge({ state }: { state: MessageState }) {
  const { variant, icon: Icon } = LOOK[state.kind];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      {state.label}
    </Badge>
  );
}
