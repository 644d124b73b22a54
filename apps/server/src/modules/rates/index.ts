export {
  defaultExchangeRates,
  importEcbCsv,
  isOfferedCurrency,
  seedRates,
  transferExchangeRate,
} from './rates';
