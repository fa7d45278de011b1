// The spec's e-mail provider API (SPEC.md section 7, "Confirmation e-mail"): the provider renders
// its own template from template_params. Its answers map to the spec's error texts (section 8).
import { logger } from "#server/logger.server";
import { DeliveryError, type Transport } from "../delivery.server";

export const PROVIDER_LIB_VERSION = "4.4.1";

export type ProviderApiConfig = {
  /** Base URL, e.g. https://api.emailjs.com */
  apiUrl: string;
  serviceId: string;
  templateId: string;
  publicKey: string;
  privateKey?: string;
};

export function providerError(status: number, body: string): DeliveryError {
  switch (status) {
    case 451:
      return new DeliveryError("Unavailable For Headless Browser", true);
    case 403:
      return new DeliveryError("Forbidden", true);
    case 429:
      return new DeliveryError("Too Many Requests", false);
    default:
      // 5xx: the provider is having trouble, try again later. Other 4xx: the request is wrong.
      return new DeliveryError(body.trim() || `HTTP ${status}`, status < 500);
  }
}

export function createProviderApiTransport(config: ProviderApiConfig): Transport {
  const endpoint = new URL("/api/v1.0/email/send", config.apiUrl).toString();
  return {
    name: "provider-api",
    async send(message) {
      if (!message.templateParams) {
        throw new DeliveryError("The template params have to be the object", true);
      }
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            lib_version: PROVIDER_LIB_VERSION,
            user_id: config.publicKey,
            service_id: config.serviceId,
            template_id: config.templateId,
            template_params: message.templateParams,
            ...(config.privateKey ? { accessToken: config.privateKey } : {}),
          }),
          signal: AbortSignal.timeout(30_000),
        });
      } catch {
        throw new DeliveryError("Network Error", false);
      }
      const body = await response.text().catch(() => "");
      if (response.ok) return;
      logger.warn({ status: response.status, body: body.slice(0, 200), id: message.id }, "e-mail provider refused a message");
      throw providerError(response.status, body);
    },
  };
}
