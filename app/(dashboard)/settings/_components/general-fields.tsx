import { Field, controlProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { SectionProps } from "./section-props";

const WEBHOOK_HINT = "HTTPS URL that receives signed webhook events. In sandbox, http://localhost also works. Leave empty to stop deliveries.";
const UMA_HINT =
  "The part after the @ in the UMA addresses customers get from now on, for example pay.example.com; existing customers keep their addresses. Invitations need it.";

export function GeneralFields({ values, update, errors }: SectionProps) {
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <Field id="webhookEndpoint" label="Webhook endpoint" hint={WEBHOOK_HINT} error={errors.webhookEndpoint} className="md:col-span-2">
        <Input
          {...controlProps("webhookEndpoint", errors.webhookEndpoint, WEBHOOK_HINT)}
          type="text"
          inputMode="url"
          placeholder="https://example.com/webhooks"
          value={values.webhookEndpoint}
          onChange={(e) => update((d) => void (d.webhookEndpoint = e.target.value))}
        />
      </Field>
      <Field id="umaDomain" label="UMA domain" hint={UMA_HINT} error={errors.umaDomain}>
        <Input
          {...controlProps("umaDomain", errors.umaDomain, UMA_HINT)}
          placeholder="pay.example.com"
          value={values.umaDomain}
          onChange={(e) => update((d) => void (d.umaDomain = e.target.value))}
        />
      </Field>
    </div>
  );
}
