/** Markers and timings the three platforms share (Meta's and LinkedIn's words differ elsewhere). */
import type { Markers, PlatformTimings } from './types';

export const SENDING: Markers = {
  en: ['Sending'],
  de: ['Wird gesendet', 'Senden …'],
  es: ['Enviando'],
};

export const NOT_SENT: Markers = {
  en: ['Not sent', 'Failed to send', "Couldn't send", 'Message failed to send'],
  de: ['Nicht gesendet', 'Senden fehlgeschlagen', 'Konnte nicht gesendet werden'],
  es: ['No enviado', 'No se pudo enviar', 'Error al enviar'],
};

export const DISMISS: Markers = {
  en: ['OK', 'Continue', 'Got it', 'Close', 'Not now'],
  de: ['OK', 'Weiter', 'Verstanden', 'Schließen', 'Jetzt nicht'],
  es: ['Aceptar', 'Continuar', 'Entendido', 'Cerrar', 'Ahora no'],
};

export const MESSAGE_BUTTON: Markers = {
  en: ['Message', 'Send message'],
  de: ['Nachricht', 'Nachricht senden'],
  es: ['Mensaje', 'Enviar mensaje'],
};

/** Dialogs, alerts and headings: where a platform tells the user something is wrong. */
export const SURFACES = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="alert"]',
  'h1',
  'h2',
  '[role="heading"]',
] as const;

export const TIMINGS: PlatformTimings = {
  composerMs: 20_000,
  confirmMs: 20_000,
  pollMs: 150,
  settleMs: 400,
};
