import type { HistoryStatus } from '@ledgerline/contract';
import type { Language } from '@ledgerline/domain';

/** Texts of the transaction receipt and the monthly statement (PDF), in every language. */
export interface HistoryDocumentTexts {
  locale: string;
  receiptTitle: string;
  statementTitle: string;
  issued: string;
  holder: string;
  account: string;
  transactionId: string;
  date: string;
  type: string;
  status: string;
  direction: string;
  directionIn: string;
  directionOut: string;
  amount: string;
  fee: string;
  rate: string;
  toAmount: string;
  counterparty: string;
  description: string;
  period: string;
  beginningBalance: string;
  totalCredit: string;
  totalDebit: string;
  endingBalance: string;
  processingCount: string;
  rejectedCount: string;
  movements: string;
  noMovements: string;
  /** `{count}` lines left out of the PDF. */
  moreLines: string;
  electronic: string;
  statuses: Record<HistoryStatus, string>;
}

export const HISTORY_DOCUMENT_TEXTS: Record<Language, HistoryDocumentTexts> = {
  en: {
    locale: 'en-GB',
    receiptTitle: 'Transaction receipt',
    statementTitle: 'Account statement',
    issued: 'Issued',
    holder: 'Account holder',
    account: 'Account',
    transactionId: 'Transaction ID',
    date: 'Date',
    type: 'Type',
    status: 'Status',
    direction: 'Direction',
    directionIn: 'Received',
    directionOut: 'Sent',
    amount: 'Amount',
    fee: 'Fee',
    rate: 'Exchange rate',
    toAmount: 'Amount received by the other side',
    counterparty: 'Counterparty',
    description: 'Description',
    period: 'Period',
    beginningBalance: 'Beginning balance',
    totalCredit: 'Total credit',
    totalDebit: 'Total debit',
    endingBalance: 'Ending balance',
    processingCount: 'Transactions processing',
    rejectedCount: 'Transactions rejected',
    movements: 'Movements',
    noMovements: 'No movements in this period.',
    moreLines: '{count} more movements are listed in the CSV statement of this month.',
    electronic: 'This document was generated electronically and is valid without a signature.',
    statuses: {
      processing: 'Processing',
      completed: 'Completed',
      rejected: 'Rejected',
      reversed: 'Reversed',
    },
  },
  es: {
    locale: 'es-ES',
    receiptTitle: 'Justificante de la operación',
    statementTitle: 'Extracto de cuenta',
    issued: 'Emitido',
    holder: 'Titular de la cuenta',
    account: 'Cuenta',
    transactionId: 'ID de la operación',
    date: 'Fecha',
    type: 'Tipo',
    status: 'Estado',
    direction: 'Sentido',
    directionIn: 'Recibido',
    directionOut: 'Enviado',
    amount: 'Importe',
    fee: 'Comisión',
    rate: 'Tipo de cambio',
    toAmount: 'Importe recibido por la otra parte',
    counterparty: 'Contraparte',
    description: 'Concepto',
    period: 'Periodo',
    beginningBalance: 'Saldo inicial',
    totalCredit: 'Total abonos',
    totalDebit: 'Total cargos',
    endingBalance: 'Saldo final',
    processingCount: 'Operaciones en curso',
    rejectedCount: 'Operaciones rechazadas',
    movements: 'Movimientos',
    noMovements: 'No hay movimientos en este periodo.',
    moreLines: 'Otros {count} movimientos figuran en el extracto CSV de este mes.',
    electronic: 'Este documento se ha generado electrónicamente y es válido sin firma.',
    statuses: {
      processing: 'En curso',
      completed: 'Completada',
      rejected: 'Rechazada',
      reversed: 'Anulada',
    },
  },
  pt: {
    locale: 'pt-PT',
    receiptTitle: 'Comprovativo da operação',
    statementTitle: 'Extrato de conta',
    issued: 'Emitido',
    holder: 'Titular da conta',
    account: 'Conta',
    transactionId: 'ID da operação',
    date: 'Data',
    type: 'Tipo',
    status: 'Estado',
    direction: 'Sentido',
    directionIn: 'Recebido',
    directionOut: 'Enviado',
    amount: 'Montante',
    fee: 'Comissão',
    rate: 'Taxa de câmbio',
    toAmount: 'Montante recebido pela outra parte',
    counterparty: 'Contraparte',
    description: 'Descrição',
    period: 'Período',
    beginningBalance: 'Saldo inicial',
    totalCredit: 'Total de créditos',
    totalDebit: 'Total de débitos',
    endingBalance: 'Saldo final',
    processingCount: 'Operações em processamento',
    rejectedCount: 'Operações rejeitadas',
    movements: 'Movimentos',
    noMovements: 'Sem movimentos neste período.',
    moreLines: 'Mais {count} movimentos constam do extrato CSV deste mês.',
    electronic: 'Este documento foi gerado eletronicamente e é válido sem assinatura.',
    statuses: {
      processing: 'Em processamento',
      completed: 'Concluída',
      rejected: 'Rejeitada',
      reversed: 'Estornada',
    },
  },
  ro: {
    locale: 'ro-RO',
    receiptTitle: 'Chitanța tranzacției',
    statementTitle: 'Extras de cont',
    issued: 'Emis',
    holder: 'Titularul contului',
    account: 'Cont',
    transactionId: 'ID tranzacție',
    date: 'Data',
    type: 'Tip',
    status: 'Stare',
    direction: 'Sens',
    directionIn: 'Primit',
    directionOut: 'Trimis',
    amount: 'Sumă',
    fee: 'Comision',
    rate: 'Curs de schimb',
    toAmount: 'Suma primită de cealaltă parte',
    counterparty: 'Contrapartidă',
    description: 'Descriere',
    period: 'Perioada',
    beginningBalance: 'Sold inițial',
    totalCredit: 'Total încasări',
    totalDebit: 'Total plăți',
    endingBalance: 'Sold final',
    processingCount: 'Tranzacții în procesare',
    rejectedCount: 'Tranzacții respinse',
    movements: 'Mișcări',
    noMovements: 'Nicio mișcare în această perioadă.',
    moreLines: 'Încă {count} mișcări se află în extrasul CSV al acestei luni.',
    electronic: 'Acest document a fost generat electronic și este valabil fără semnătură.',
    statuses: {
      processing: 'În procesare',
      completed: 'Finalizată',
      rejected: 'Respinsă',
      reversed: 'Stornată',
    },
  },
  ru: {
    locale: 'ru-RU',
    receiptTitle: 'Квитанция об операции',
    statementTitle: 'Выписка по счёту',
    issued: 'Выдано',
    holder: 'Владелец счёта',
    account: 'Счёт',
    transactionId: 'ID операции',
    date: 'Дата',
    type: 'Тип',
    status: 'Статус',
    direction: 'Направление',
    directionIn: 'Получено',
    directionOut: 'Отправлено',
    amount: 'Сумма',
    fee: 'Комиссия',
    rate: 'Курс обмена',
    toAmount: 'Сумма, полученная другой стороной',
    counterparty: 'Контрагент',
    description: 'Описание',
    period: 'Период',
    beginningBalance: 'Входящий остаток',
    totalCredit: 'Всего поступлений',
    totalDebit: 'Всего списаний',
    endingBalance: 'Исходящий остаток',
    processingCount: 'Операций в обработке',
    rejectedCount: 'Отклонённых операций',
    movements: 'Движение средств',
    noMovements: 'За этот период движений нет.',
    moreLines: 'Ещё {count} движений приведены в CSV-выписке за этот месяц.',
    electronic: 'Документ сформирован электронно и действителен без подписи.',
    statuses: {
      processing: 'В обработке',
      completed: 'Выполнена',
      rejected: 'Отклонена',
      reversed: 'Сторнирована',
    },
  },
  ua: {
    locale: 'uk-UA',
    receiptTitle: 'Квитанція про операцію',
    statementTitle: 'Виписка за рахунком',
    issued: 'Видано',
    holder: 'Власник рахунку',
    account: 'Рахунок',
    transactionId: 'ID операції',
    date: 'Дата',
    type: 'Тип',
    status: 'Статус',
    direction: 'Напрямок',
    directionIn: 'Отримано',
    directionOut: 'Надіслано',
    amount: 'Сума',
    fee: 'Комісія',
    rate: 'Курс обміну',
    toAmount: 'Сума, отримана іншою стороною',
    counterparty: 'Контрагент',
    description: 'Опис',
    period: 'Період',
    beginningBalance: 'Вхідний залишок',
    totalCredit: 'Усього надходжень',
    totalDebit: 'Усього списань',
    endingBalance: 'Вихідний залишок',
    processingCount: 'Операцій в обробці',
    rejectedCount: 'Відхилених операцій',
    movements: 'Рух коштів',
    noMovements: 'За цей період руху коштів немає.',
    moreLines: 'Ще {count} рухів коштів наведено у CSV-виписці за цей місяць.',
    electronic: 'Документ сформовано електронно, він дійсний без підпису.',
    statuses: {
      processing: 'В обробці',
      completed: 'Виконана',
      rejected: 'Відхилена',
      reversed: 'Сторнована',
    },
  },
};
