import { zodResolver } from "@hookform/resolvers/zod";
import { profileUpdateSchema, type Profile } from "@trigger-switch/contracts";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";
import { toastError } from "@/lib/error-toast";
import { useUpdateProfile } from "../api/update-profile";
import { browserTimeZone } from "@/lib/time-zone";
import { timeZoneOptions } from "../utils/time-zone-options";

// The server's own schema, with every field present: the form always sends all of them. The
// three fields profile completeness needs (spec §5) may not be emptied here, spaces included:
// saving them blank would lock the owner out of every other page.
const REQUIRED_MESSAGES = {
  first_name: "Enter your first name",
  last_name: "Enter your last name",
  whatsapp_number: "Enter your WhatsApp number",
} as const;
const formSchema = profileUpdateSchema.required().superRefine((values, ctx) => {
  for (const [field, message] of Object.entries(REQUIRED_MESSAGES)) {
    if (!values[field as keyof typeof REQUIRED_MESSAGES]?.trim())
      ctx.addIssue({ code: "custom", path: [field], message });
  }
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const FIELDS = ["first_name", "last_name", "whatsapp_number", "time_zone"] as const;

export interface ProfileFormProps {
  profile: Profile | null;
  email: string;
  onSaved: (profile: Profile) => void;
}

export function ProfileForm({ profile, email, onSaved }: ProfileFormProps) {
  const update = useUpdateProfile();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      first_name: profile?.first_name ?? "",
      last_name: profile?.last_name ?? "",
      whatsapp_number: profile?.whatsapp_number ?? "",
      time_zone: profile?.time_zone ?? browserTimeZone(),
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({
        first_name: saved.first_name ?? "",
        last_name: saved.last_name ?? "",
        whatsapp_number: saved.whatsapp_number ?? "",
        time_zone: saved.time_zone ?? browserTimeZone(),
      });
      onSaved(saved);
    } catch (error) {
      // Field messages go next to their inputs; what the user typed stays in the form.
      const fields = isApiError(error) ? error.fields : {};
      const known = FIELDS.filter((name) => fields[name]);
      known.forEach((name) => form.setError(name, { message: fields[name] }));
      if (known.length === 0) toastError(error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormField label="E-mail" hint="The address you sign in with. Change it under Security below.">
        <Input type="email" value={email} readOnly className="bg-muted text-muted-foreground" />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First Name" error={errors.first_name?.message}>
          <Input autoComplete="given-name" {...form.register("first_name")} />
        </FormField>
        <FormField label="Last Name" error={errors.last_name?.message}>
          <Input autoComplete="family-name" {...form.register("last_name")} />
        </FormField>
      </div>
      <FormField
        label="WhatsApp Number"
        hint="International format, e.g. +44 7700 900123"
        error={errors.whatsapp_number?.message}
      >
        <Input type="tel" autoComplete="tel" inputMode="tel" {...form.register("whatsapp_number")} />
      </FormField>
      <FormField
        label="Time zone"
        hint="Reminders and alerts name times in this zone."
        error={errors.time_zone?.message}
      >
        <select
          className="flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring md:text-sm"
          {...form.register("time_zone")}
        >
          {timeZoneOptions(form.getValues("time_zone")).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </FormField>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner className="text-primary-foreground" />}
          Save profile
        </Button>
      </div>
    </form>
  );
}
