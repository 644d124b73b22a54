export {
  conversionFactorSql,
  conversionRatesSql,
  defaultExchangeRates,
  importEcbCsv,
  isOfferedCurrency,
  seedRates,
  transferExchangeRate,
} from './rates';
