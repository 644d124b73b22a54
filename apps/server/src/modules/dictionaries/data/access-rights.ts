import type { AccessLevelCode } from '@ledgerline/domain';
import type { Localised } from './localised';

/** Names of the user access levels (spec 1 §3, spec 2 §3 "Access levels"); ids come from ACCESS_LEVELS. */
export const ACCESS_RIGHT_NAMES: Readonly<Record<AccessLevelCode, Localised>> = {
  noAccess: {
    en: 'No access',
    es: 'Sin acceso',
    ro: 'Fără acces',
    ru: 'Нет доступа',
    ua: 'Немає доступу',
    pt: 'Sem acesso',
  },
  read: {
    en: 'View only',
    es: 'Solo lectura',
    ro: 'Doar vizualizare',
    ru: 'Только просмотр',
    ua: 'Лише перегляд',
    pt: 'Somente leitura',
  },
  fullAccess: {
    en: 'Full access',
    es: 'Acceso completo',
    ro: 'Acces complet',
    ru: 'Полный доступ',
    ua: 'Повний доступ',
    pt: 'Acesso total',
  },
  initiate: {
    en: 'Initiate payments',
    es: 'Iniciar pagos',
    ro: 'Inițiere plăți',
    ru: 'Создание платежей',
    ua: 'Створення платежів',
    pt: 'Iniciar pagamentos',
  },
  confirmed: {
    en: 'Approve payments',
    es: 'Aprobar pagos',
    ro: 'Aprobare plăți',
    ru: 'Подтверждение платежей',
    ua: 'Підтвердження платежів',
    pt: 'Aprovar pagamentos',
  },
  uploading: {
    en: 'Upload files',
    es: 'Subir archivos',
    ro: 'Încărcare fișiere',
    ru: 'Загрузка файлов',
    ua: 'Завантаження файлів',
    pt: 'Enviar arquivos',
  },
};
