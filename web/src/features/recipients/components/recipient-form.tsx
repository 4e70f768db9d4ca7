import { zodResolver } from "@hookform/resolvers/zod";
import {
  defaultChannels,
  recipientCreateSchema,
  type Recipient,
  type RecipientChannel,
} from "@trigger-switch/contracts";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { channelBlocker, RecipientChannelPicker, useChannelsInfo } from "@/features/channels";
import { useBilling } from "@/features/subscription";
import { useIsAdmin } from "@/lib/auth/me-query";
import { showServerErrors } from "@/lib/form-errors";
import { useCreateRecipient } from "../api/create-recipient";
import { useUpdateRecipient } from "../api/update-recipient";

type FormInput = z.input<typeof recipientCreateSchema>;
type FormOutput = z.output<typeof recipientCreateSchema>;
const FIELDS = ["name", "email", "phone", "channels", "note"] as const;
// The schema's inputs are `unknown` (it trims and turns "" into null itself).
const filled = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

export interface RecipientFormProps {
  /** Editing this recipient; a new one when absent. */
  recipient?: Recipient;
  onSaved: (recipient: Recipient) => void;
  onCancel?: () => void;
}

/** Name, e-mail, phone, how to reach them and a private note. The server's rules run here first. */
export function RecipientForm({ recipient, onSaved, onCancel }: RecipientFormProps) {
  const create = useCreateRecipient();
  const update = useUpdateRecipient();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(recipientCreateSchema),
    defaultValues: {
      name: recipient?.name ?? "",
      email: recipient?.email ?? "",
      phone: recipient?.phone ?? "",
      // Undefined = "follow the addresses": e-mail for an e-mail address, WhatsApp for a phone.
      channels: recipient?.channels,
      note: recipient?.note ?? "",
    },
  });
  const { errors } = form.formState;
  const [email, phone, chosen] = useWatch({ control: form.control, name: ["email", "phone", "channels"] });

  const channelsInfo = useChannelsInfo();
  const isAdmin = useIsAdmin();
  const billing = useBilling();
  const planChannels = billing.data?.plans.find((p) => p.id === billing.data?.plan)?.channels;
  // Unchosen: follow the addresses, as far as this server and the plan allow (the server does the same).
  const channels =
    chosen ??
    defaultChannels({ email: filled(email), phone: filled(phone) }).filter(
      (c) => channelBlocker(c, channelsInfo.data, planChannels) === null,
    );
  // The order is the order they are tried (docs/decisions/014).
  const choose = (next: RecipientChannel[]) =>
    form.setValue("channels", next, { shouldValidate: form.formState.isSubmitted });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = recipient
        ? await update.mutateAsync({ id: recipient.id, changes: { ...values, channels: values.channels ?? channels } })
        : await create.mutateAsync(values);
      onSaved(saved);
    } catch (error) {
      showServerErrors(form, error, FIELDS);
    }
  });

  const pending = create.isPending || update.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void onSubmit(event);
      }}
      className="flex flex-col gap-4"
    >
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register("name")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="E-mail address" error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...form.register("email")} />
        </FormField>
        <FormField label="Phone number" hint="International format, e.g. +44 7700 900123" error={errors.phone?.message}>
          <Input type="tel" inputMode="tel" autoComplete="off" {...form.register("phone")} />
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby="recipient-channels-hint">
        <legend className="mb-2 text-sm font-medium">Reach them by (in this order)</legend>
        <RecipientChannelPicker
          value={channels}
          onChange={choose}
          info={channelsInfo.data}
          planChannels={planChannels}
          saved={recipient?.channels}
          forAdmin={isAdmin}
        />
        <p id="recipient-channels-hint" className="text-xs text-muted-foreground">
          E-mail needs their address; WhatsApp and SMS need their phone number.
        </p>
        {errors.channels?.message && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.channels.message}
          </p>
        )}
      </fieldset>
      <FormField label="Private note" hint="Only you see this, e.g. how you know them." error={errors.note?.message}>
        <Textarea className="min-h-20" {...form.register("note")} />
      </FormField>
      {/* In the dialog (onCancel given) the buttons stay in view at the bottom while the form
          scrolls; on a 375 px phone they were cut off below the fold. Side by side: both fit. */}
      <div
        className={cn("flex justify-end gap-2", onCancel && "sticky -bottom-6 -mx-6 -mb-6 border-t bg-card px-6 py-4")}
      >
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending && <Spinner className="text-primary-foreground" />}
          {recipient ? "Save recipient" : "Add recipient"}
        </Button>
      </div>
    </form>
  );
}
