import type { Language } from '@ledgerline/domain';

/** The e-mail that carries an export's link (sendExportToEmail), in every language; {file}, {link}, {brand} filled in. */
export const EXPORT_EMAIL: Record<Language, { subject: string; body: string }> = {
  en: {
    subject: '{brand}: your file {file}',
    body: 'Hello,\n\nthe file {file} you asked for is ready. Download it here (the link works once, for 24 hours):\n{link}\n\n{brand}',
  },
  es: {
    subject: '{brand}: su archivo {file}',
    body: 'Hola:\n\nel archivo {file} que solicitó está listo. Descárguelo aquí (el enlace funciona una sola vez durante 24 horas):\n{link}\n\n{brand}',
  },
  pt: {
    subject: '{brand}: o seu ficheiro {file}',
    body: 'Olá,\n\no ficheiro {file} que pediu está pronto. Descarregue-o aqui (a ligação funciona uma única vez, durante 24 horas):\n{link}\n\n{brand}',
  },
  ro: {
    subject: '{brand}: fișierul dumneavoastră {file}',
    body: 'Bună ziua,\n\nfișierul {file} pe care l-ați cerut este gata. Îl puteți descărca aici (linkul funcționează o singură dată, timp de 24 de ore):\n{link}\n\n{brand}',
  },
  ru: {
    subject: '{brand}: ваш файл {file}',
    body: 'Здравствуйте!\n\nЗапрошенный вами файл {file} готов. Скачайте его по ссылке (она работает один раз в течение 24 часов):\n{link}\n\n{brand}',
  },
  ua: {
    subject: '{brand}: ваш файл {file}',
    body: 'Вітаємо!\n\nФайл {file}, який ви запитували, готовий. Завантажте його за посиланням (воно працює один раз протягом 24 годин):\n{link}\n\n{brand}',
  },
};
