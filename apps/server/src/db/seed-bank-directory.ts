import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from './client';
import { bankBranches, banks, blockedBins, paymentTemplates, users } from './schema';

/*
 * The bank directory, the blocked BIN list and demo payment templates (issue 5), inside seedDemo's
 * transaction; a second run adds only what is missing (rows an operator changed are kept).
 *
 * The directory is a small excerpt of public reference data: real banks with their national bank
 * codes, BICs and head-office addresses, enough for the lookups, the EFT bank lists and the IBANs
 * below to resolve. Branch names are illustrative. It is demo data, not an authoritative
 * directory: a real deployment loads a licensed one (SWIFT BIC directory, national code lists)
 * into the same tables.
 */

interface BranchSeed {
  code: string;
  name: string;
  address: string;
  city: string;
  zipCode: string;
  swift?: string;
}

interface BankSeed {
  countryCode: string;
  /** National bank code (BLZ, code banque, ABI, sort-code bank, routing number, COMPE, zengin…). */
  bankCode: string;
  /** The bank identifier inside the IBAN when it is not bankCode (Brazil: the ISPB). */
  ibanBankCode?: string;
  name: string;
  swift: string | null;
  address: string;
  city: string;
  zipCode: string;
  instantPayments?: boolean;
  branches?: BranchSeed[];
}

/**
 * Valid IBANs (check digits and national format) whose banks the directory holds, for tests, the
 * browser tests and README: each resolves with getBankByIban.
 */
export const DEMO_IBANS = {
  commerzbankKoeln: 'DE89370400440532013000',
  deutscheBank: 'DE94500700100123456789',
  ingDe: 'DE41500105170123456789',
  banquePostale: 'FR1420041010050500013M02606',
  abnAmro: 'NL91ABNA0417164300',
  ingNl: 'NL20INGB0001234567',
  caixaBank: 'ES9121000418450200051332',
  bancaPopolareBergamo: 'IT60X0542811101000000123456',
  intesaSanpaolo: 'IT61X0306909606100000012345',
  bancaTransilvania: 'RO95BTRL01301205N19277XX',
  natWest: 'GB29NWBK60161331926819',
  barclays: 'GB33BUKB20201555555555',
  caixaBr: 'BR1800360305000010009795493C1',
  itau: 'BR2960701190000010000000012C1',
} as const;

const DE: BankSeed[] = [
  {
    countryCode: 'DE',
    bankCode: '37040044',
    name: 'Commerzbank',
    swift: 'COBADEFFXXX',
    address: 'Unter Sachsenhausen 21-27',
    city: 'Köln',
    zipCode: '50667',
  },
  {
    countryCode: 'DE',
    bankCode: '50070010',
    name: 'Deutsche Bank',
    swift: 'DEUTDEFFXXX',
    address: 'Taunusanlage 12',
    city: 'Frankfurt am Main',
    zipCode: '60325',
  },
  {
    countryCode: 'DE',
    bankCode: '50010517',
    name: 'ING-DiBa',
    swift: 'INGDDEFFXXX',
    address: 'Theodor-Heuss-Allee 2',
    city: 'Frankfurt am Main',
    zipCode: '60486',
  },
  {
    countryCode: 'DE',
    bankCode: '50060400',
    name: 'DZ BANK',
    swift: 'GENODEFFXXX',
    address: 'Platz der Republik',
    city: 'Frankfurt am Main',
    zipCode: '60325',
  },
  {
    countryCode: 'DE',
    bankCode: '10050000',
    name: 'Berliner Sparkasse',
    swift: 'BELADEBEXXX',
    address: 'Alexanderplatz 2',
    city: 'Berlin',
    zipCode: '10178',
  },
];

const FR: BankSeed[] = [
  {
    countryCode: 'FR',
    bankCode: '20041',
    name: 'La Banque Postale',
    swift: 'PSSTFRPPXXX',
    address: '115 rue de Sèvres',
    city: 'Paris',
    zipCode: '75275',
    branches: [
      {
        code: '01005',
        name: 'Centre financier de Paris',
        address: '16 rue François Bonvin',
        city: 'Paris',
        zipCode: '75015',
        swift: 'PSSTFRPPPAR',
      },
      {
        code: '01008',
        name: 'Centre financier de Lyon',
        address: '10 place Antonin Poncet',
        city: 'Lyon',
        zipCode: '69002',
        swift: 'PSSTFRPPLYO',
      },
    ],
  },
  {
    countryCode: 'FR',
    bankCode: '30004',
    name: 'BNP Paribas',
    swift: 'BNPAFRPPXXX',
    address: '16 boulevard des Italiens',
    city: 'Paris',
    zipCode: '75009',
  },
  {
    countryCode: 'FR',
    bankCode: '30003',
    name: 'Société Générale',
    swift: 'SOGEFRPPXXX',
    address: '29 boulevard Haussmann',
    city: 'Paris',
    zipCode: '75009',
  },
  {
    countryCode: 'FR',
    bankCode: '30002',
    name: 'LCL - Le Crédit Lyonnais',
    swift: 'CRLYFRPPXXX',
    address: '18 rue de la République',
    city: 'Lyon',
    zipCode: '69002',
  },
];

const NL: BankSeed[] = [
  {
    countryCode: 'NL',
    bankCode: 'ABNA',
    name: 'ABN AMRO Bank',
    swift: 'ABNANL2AXXX',
    address: 'Gustav Mahlerlaan 10',
    city: 'Amsterdam',
    zipCode: '1082 PP',
  },
  {
    countryCode: 'NL',
    bankCode: 'INGB',
    name: 'ING Bank',
    swift: 'INGBNL2AXXX',
    address: 'Bijlmerdreef 106',
    city: 'Amsterdam',
    zipCode: '1102 CT',
  },
  {
    countryCode: 'NL',
    bankCode: 'RABO',
    name: 'Rabobank',
    swift: 'RABONL2UXXX',
    address: 'Croeselaan 18',
    city: 'Utrecht',
    zipCode: '3521 CB',
  },
  {
    countryCode: 'NL',
    bankCode: 'BUNQ',
    name: 'bunq',
    swift: 'BUNQNL2AXXX',
    address: 'Naritaweg 131-133',
    city: 'Amsterdam',
    zipCode: '1043 BS',
  },
];

const ES: BankSeed[] = [
  {
    countryCode: 'ES',
    bankCode: '2100',
    name: 'CaixaBank',
    swift: 'CAIXESBBXXX',
    address: 'Calle Pintor Sorolla 2-4',
    city: 'Valencia',
    zipCode: '46002',
    branches: [
      {
        code: '0418',
        name: 'Oficina 0418 Barcelona',
        address: 'Avinguda Diagonal 621',
        city: 'Barcelona',
        zipCode: '08028',
      },
    ],
  },
  {
    countryCode: 'ES',
    bankCode: '0049',
    name: 'Banco Santander',
    swift: 'BSCHESMMXXX',
    address: 'Paseo de Pereda 9-12',
    city: 'Santander',
    zipCode: '39004',
  },
  {
    countryCode: 'ES',
    bankCode: '0182',
    name: 'Banco Bilbao Vizcaya Argentaria (BBVA)',
    swift: 'BBVAESMMXXX',
    address: 'Plaza de San Nicolás 4',
    city: 'Bilbao',
    zipCode: '48005',
  },
  {
    countryCode: 'ES',
    bankCode: '0081',
    name: 'Banco de Sabadell',
    swift: 'BSABESBBXXX',
    address: 'Avenida Óscar Esplá 37',
    city: 'Alicante',
    zipCode: '03007',
  },
];

const IT: BankSeed[] = [
  {
    countryCode: 'IT',
    bankCode: '05428',
    name: 'Banca Popolare di Bergamo',
    swift: 'BLOPIT22XXX',
    address: 'Piazza Vittorio Veneto 8',
    city: 'Bergamo',
    zipCode: '24122',
    branches: [
      {
        code: '11101',
        name: 'Bergamo Sede',
        address: 'Piazza Vittorio Veneto 8',
        city: 'Bergamo',
        zipCode: '24122',
      },
    ],
  },
  {
    countryCode: 'IT',
    bankCode: '03069',
    name: 'Intesa Sanpaolo',
    swift: 'BCITITMMXXX',
    address: 'Piazza San Carlo 156',
    city: 'Torino',
    zipCode: '10121',
    branches: [
      {
        code: '09606',
        name: 'Filiale Milano Cordusio',
        address: 'Piazza Cordusio 2',
        city: 'Milano',
        zipCode: '20123',
      },
    ],
  },
  {
    countryCode: 'IT',
    bankCode: '02008',
    name: 'UniCredit',
    swift: 'UNCRITMMXXX',
    address: 'Piazza Gae Aulenti 3',
    city: 'Milano',
    zipCode: '20154',
  },
  {
    countryCode: 'IT',
    bankCode: '01030',
    name: 'Banca Monte dei Paschi di Siena',
    swift: 'PASCITMMXXX',
    address: 'Piazza Salimbeni 3',
    city: 'Siena',
    zipCode: '53100',
  },
];

const RO: BankSeed[] = [
  {
    countryCode: 'RO',
    bankCode: 'BTRL',
    name: 'Banca Transilvania',
    swift: 'BTRLRO22XXX',
    address: 'Calea Dorobanților 30-36',
    city: 'Cluj-Napoca',
    zipCode: '400117',
  },
  {
    countryCode: 'RO',
    bankCode: 'RNCB',
    name: 'Banca Comercială Română',
    swift: 'RNCBROBUXXX',
    address: 'Calea Victoriei 15',
    city: 'București',
    zipCode: '030023',
  },
  {
    countryCode: 'RO',
    bankCode: 'BRDE',
    name: 'BRD - Groupe Société Générale',
    swift: 'BRDEROBUXXX',
    address: 'Bulevardul Ion Mihalache 1-7',
    city: 'București',
    zipCode: '011171',
  },
  {
    countryCode: 'RO',
    bankCode: 'RZBR',
    name: 'Raiffeisen Bank',
    swift: 'RZBRROBUXXX',
    address: 'Calea Floreasca 246C',
    city: 'București',
    zipCode: '014476',
  },
  {
    countryCode: 'RO',
    bankCode: 'INGB',
    name: 'ING Bank N.V. Amsterdam - Sucursala București',
    swift: 'INGBROBUXXX',
    address: 'Șoseaua Kiseleff 43',
    city: 'București',
    zipCode: '011346',
  },
];

const GB: BankSeed[] = [
  {
    countryCode: 'GB',
    bankCode: 'NWBK',
    name: 'National Westminster Bank',
    swift: 'NWBKGB2LXXX',
    address: '250 Bishopsgate',
    city: 'London',
    zipCode: 'EC2M 4AA',
    branches: [
      {
        code: '601613',
        name: 'NatWest 60-16-13',
        address: '250 Bishopsgate',
        city: 'London',
        zipCode: 'EC2M 4AA',
      },
    ],
  },
  {
    countryCode: 'GB',
    bankCode: 'BUKB',
    name: 'Barclays Bank UK',
    swift: 'BUKBGB22XXX',
    address: '1 Churchill Place',
    city: 'London',
    zipCode: 'E14 5HP',
    branches: [
      {
        code: '202015',
        name: 'Barclays 20-20-15',
        address: '1 Churchill Place',
        city: 'London',
        zipCode: 'E14 5HP',
      },
    ],
  },
  {
    countryCode: 'GB',
    bankCode: 'HBUK',
    name: 'HSBC UK Bank',
    swift: 'HBUKGB4BXXX',
    address: '1 Centenary Square',
    city: 'Birmingham',
    zipCode: 'B1 1HQ',
  },
  {
    countryCode: 'GB',
    bankCode: 'LOYD',
    name: 'Lloyds Bank',
    swift: 'LOYDGB2LXXX',
    address: '25 Gresham Street',
    city: 'London',
    zipCode: 'EC2V 7HN',
  },
];

// US banks are known by their ABA routing numbers (ACH), without IBAN.
const US: BankSeed[] = [
  {
    countryCode: 'US',
    bankCode: '021000021',
    name: 'JPMorgan Chase Bank',
    swift: 'CHASUS33XXX',
    address: '383 Madison Avenue',
    city: 'New York, NY',
    zipCode: '10179',
  },
  {
    countryCode: 'US',
    bankCode: '026009593',
    name: 'Bank of America',
    swift: 'BOFAUS3NXXX',
    address: '100 North Tryon Street',
    city: 'Charlotte, NC',
    zipCode: '28255',
  },
  {
    countryCode: 'US',
    bankCode: '121000248',
    name: 'Wells Fargo Bank',
    swift: 'WFBIUS6SXXX',
    address: '420 Montgomery Street',
    city: 'San Francisco, CA',
    zipCode: '94104',
  },
  {
    countryCode: 'US',
    bankCode: '021000089',
    name: 'Citibank',
    swift: 'CITIUS33XXX',
    address: '388 Greenwich Street',
    city: 'New York, NY',
    zipCode: '10013',
  },
];

// Canadian institution numbers.
const CA: BankSeed[] = [
  {
    countryCode: 'CA',
    bankCode: '001',
    name: 'Bank of Montreal',
    swift: 'BOFMCAM2XXX',
    address: '100 King Street West',
    city: 'Toronto, ON',
    zipCode: 'M5X 1A1',
  },
  {
    countryCode: 'CA',
    bankCode: '002',
    name: 'The Bank of Nova Scotia',
    swift: 'NOSCCATTXXX',
    address: '40 Temperance Street',
    city: 'Toronto, ON',
    zipCode: 'M5H 0B4',
  },
  {
    countryCode: 'CA',
    bankCode: '003',
    name: 'Royal Bank of Canada',
    swift: 'ROYCCAT2XXX',
    address: '200 Bay Street',
    city: 'Toronto, ON',
    zipCode: 'M5J 2J5',
  },
  {
    countryCode: 'CA',
    bankCode: '004',
    name: 'The Toronto-Dominion Bank',
    swift: 'TDOMCATTXXX',
    address: '66 Wellington Street West',
    city: 'Toronto, ON',
    zipCode: 'M5K 1A2',
  },
  {
    countryCode: 'CA',
    bankCode: '010',
    name: 'Canadian Imperial Bank of Commerce',
    swift: 'CIBCCATTXXX',
    address: '81 Bay Street',
    city: 'Toronto, ON',
    zipCode: 'M5J 0E7',
  },
];

// Brazil: COMPE codes for lists and EFT, ISPB inside the IBAN, four-digit agências; every one takes part in PIX.
const BR: BankSeed[] = [
  {
    countryCode: 'BR',
    bankCode: '001',
    ibanBankCode: '00000000',
    name: 'Banco do Brasil',
    swift: 'BRASBRRJXXX',
    address: 'SAUN Quadra 5, Lote B, Torre I',
    city: 'Brasília, DF',
    zipCode: '70040-912',
    instantPayments: true,
    branches: [
      {
        code: '1607',
        name: 'Agência Brasília Setor Bancário Sul',
        address: 'SBS Quadra 1, Bloco A',
        city: 'Brasília, DF',
        zipCode: '70073-900',
      },
      {
        code: '3382',
        name: 'Agência São Paulo Paulista',
        address: 'Avenida Paulista 2163',
        city: 'São Paulo, SP',
        zipCode: '01311-300',
      },
    ],
  },
  {
    countryCode: 'BR',
    bankCode: '104',
    ibanBankCode: '00360305',
    name: 'Caixa Econômica Federal',
    swift: 'CEFXBRSPXXX',
    address: 'SBS Quadra 4, Lotes 3/4',
    city: 'Brasília, DF',
    zipCode: '70092-900',
    instantPayments: true,
    branches: [
      {
        code: '0001',
        name: 'Agência Sé',
        address: 'Praça da Sé 111',
        city: 'São Paulo, SP',
        zipCode: '01001-001',
      },
      {
        code: '0647',
        name: 'Agência Rio Branco',
        address: 'Avenida Rio Branco 174',
        city: 'Rio de Janeiro, RJ',
        zipCode: '20040-003',
      },
    ],
  },
  {
    countryCode: 'BR',
    bankCode: '341',
    ibanBankCode: '60701190',
    name: 'Itaú Unibanco',
    swift: 'ITAUBRSPXXX',
    address: 'Praça Alfredo Egydio de Souza Aranha 100',
    city: 'São Paulo, SP',
    zipCode: '04344-902',
    instantPayments: true,
    branches: [
      {
        code: '0001',
        name: 'Agência Centro',
        address: 'Rua Boa Vista 176',
        city: 'São Paulo, SP',
        zipCode: '01014-000',
      },
      {
        code: '0350',
        name: 'Agência Copacabana',
        address: 'Avenida Nossa Senhora de Copacabana 749',
        city: 'Rio de Janeiro, RJ',
        zipCode: '22050-002',
      },
    ],
  },
  {
    countryCode: 'BR',
    bankCode: '237',
    ibanBankCode: '60746948',
    name: 'Banco Bradesco',
    swift: 'BBDEBRSPXXX',
    address: 'Cidade de Deus, s/n, Vila Yara',
    city: 'Osasco, SP',
    zipCode: '06029-900',
    instantPayments: true,
    branches: [
      {
        code: '0100',
        name: 'Agência Osasco Centro',
        address: 'Avenida dos Autonomistas 1400',
        city: 'Osasco, SP',
        zipCode: '06020-010',
      },
    ],
  },
  {
    countryCode: 'BR',
    bankCode: '033',
    ibanBankCode: '90400888',
    name: 'Banco Santander (Brasil)',
    swift: 'BSCHBRSPXXX',
    address: 'Avenida Presidente Juscelino Kubitschek 2041',
    city: 'São Paulo, SP',
    zipCode: '04543-011',
    instantPayments: true,
    branches: [
      {
        code: '2271',
        name: 'Agência Vila Olímpia',
        address: 'Avenida Presidente Juscelino Kubitschek 2041',
        city: 'São Paulo, SP',
        zipCode: '04543-011',
      },
    ],
  },
  {
    countryCode: 'BR',
    bankCode: '260',
    ibanBankCode: '18236120',
    name: 'Nu Pagamentos (Nubank)',
    swift: null,
    address: 'Rua Capote Valente 39',
    city: 'São Paulo, SP',
    zipCode: '05409-000',
    instantPayments: true,
    branches: [
      {
        code: '0001',
        name: 'Agência 0001 (digital)',
        address: 'Rua Capote Valente 39',
        city: 'São Paulo, SP',
        zipCode: '05409-000',
      },
    ],
  },
];

// Japan: four-digit zengin bank codes, three-digit branch codes.
const JP: BankSeed[] = [
  {
    countryCode: 'JP',
    bankCode: '0001',
    name: 'Mizuho Bank',
    swift: 'MHCBJPJTXXX',
    address: '1-5-5 Otemachi, Chiyoda-ku',
    city: 'Tokyo',
    zipCode: '100-8176',
    branches: [
      {
        code: '001',
        name: 'Tokyo Main Office',
        address: '1-5-5 Otemachi, Chiyoda-ku',
        city: 'Tokyo',
        zipCode: '100-8176',
      },
      {
        code: '110',
        name: 'Osaka Branch',
        address: '1-1-8 Korai-bashi, Chuo-ku',
        city: 'Osaka',
        zipCode: '541-0043',
      },
    ],
  },
  {
    countryCode: 'JP',
    bankCode: '0005',
    name: 'MUFG Bank',
    swift: 'BOTKJPJTXXX',
    address: '2-7-1 Marunouchi, Chiyoda-ku',
    city: 'Tokyo',
    zipCode: '100-8388',
    branches: [
      {
        code: '001',
        name: 'Head Office',
        address: '2-7-1 Marunouchi, Chiyoda-ku',
        city: 'Tokyo',
        zipCode: '100-8388',
      },
      {
        code: '251',
        name: 'Shinjuku Branch',
        address: '1-5-1 Nishi-Shinjuku, Shinjuku-ku',
        city: 'Tokyo',
        zipCode: '160-0023',
      },
    ],
  },
  {
    countryCode: 'JP',
    bankCode: '0009',
    name: 'Sumitomo Mitsui Banking Corporation',
    swift: 'SMBCJPJTXXX',
    address: '1-1-2 Marunouchi, Chiyoda-ku',
    city: 'Tokyo',
    zipCode: '100-0005',
    branches: [
      {
        code: '100',
        name: 'Head Office',
        address: '1-1-2 Marunouchi, Chiyoda-ku',
        city: 'Tokyo',
        zipCode: '100-0005',
      },
      {
        code: '205',
        name: 'Kyoto Branch',
        address: 'Karasuma-dori Shijo-sagaru, Shimogyo-ku',
        city: 'Kyoto',
        zipCode: '600-8008',
      },
    ],
  },
  {
    countryCode: 'JP',
    bankCode: '9900',
    name: 'Japan Post Bank',
    swift: 'JPPSJPJ1XXX',
    address: '2-3-1 Otemachi, Chiyoda-ku',
    city: 'Tokyo',
    zipCode: '100-8793',
    branches: [
      {
        code: '019',
        name: 'Branch 019 (Zero-Ichi-Kyu)',
        address: '2-3-1 Otemachi, Chiyoda-ku',
        city: 'Tokyo',
        zipCode: '100-8793',
      },
    ],
  },
];

// Hong Kong: three-digit bank and branch codes; Hong Kong has no postal codes.
const HK: BankSeed[] = [
  {
    countryCode: 'HK',
    bankCode: '004',
    name: 'The Hongkong and Shanghai Banking Corporation',
    swift: 'HSBCHKHHXXX',
    address: "1 Queen's Road Central",
    city: 'Hong Kong',
    zipCode: '',
    branches: [
      {
        code: '002',
        name: 'Hong Kong Office',
        address: "1 Queen's Road Central",
        city: 'Hong Kong',
        zipCode: '',
      },
      {
        code: '511',
        name: 'Mong Kok Branch',
        address: '673 Nathan Road, Mong Kok',
        city: 'Kowloon',
        zipCode: '',
      },
    ],
  },
  {
    countryCode: 'HK',
    bankCode: '012',
    name: 'Bank of China (Hong Kong)',
    swift: 'BKCHHKHHXXX',
    address: 'Bank of China Tower, 1 Garden Road, Central',
    city: 'Hong Kong',
    zipCode: '',
    branches: [
      {
        code: '875',
        name: 'Central Branch',
        address: '2A Des Voeux Road Central',
        city: 'Hong Kong',
        zipCode: '',
      },
    ],
  },
  {
    countryCode: 'HK',
    bankCode: '024',
    name: 'Hang Seng Bank',
    swift: 'HASEHKHHXXX',
    address: '83 Des Voeux Road Central',
    city: 'Hong Kong',
    zipCode: '',
    branches: [
      {
        code: '388',
        name: 'Head Office',
        address: '83 Des Voeux Road Central',
        city: 'Hong Kong',
        zipCode: '',
      },
    ],
  },
  {
    countryCode: 'HK',
    bankCode: '003',
    name: 'Standard Chartered Bank (Hong Kong)',
    swift: 'SCBLHKHHXXX',
    address: '4-4A Des Voeux Road Central',
    city: 'Hong Kong',
    zipCode: '',
    branches: [
      {
        code: '368',
        name: 'Des Voeux Road Branch',
        address: '4-4A Des Voeux Road Central',
        city: 'Hong Kong',
        zipCode: '',
      },
    ],
  },
];

// Sri Lanka: four-digit bank codes, three-digit branch codes (SLIPS).
const LK: BankSeed[] = [
  {
    countryCode: 'LK',
    bankCode: '7010',
    name: 'Bank of Ceylon',
    swift: 'BCEYLKLXXXX',
    address: 'No. 1, Bank of Ceylon Mawatha, Colombo 01',
    city: 'Colombo',
    zipCode: '00100',
    branches: [
      {
        code: '001',
        name: 'City Office',
        address: 'No. 1, Bank of Ceylon Mawatha, Colombo 01',
        city: 'Colombo',
        zipCode: '00100',
      },
      {
        code: '044',
        name: 'Kandy',
        address: 'No. 15, Dalada Veediya',
        city: 'Kandy',
        zipCode: '20000',
      },
    ],
  },
  {
    countryCode: 'LK',
    bankCode: '7056',
    name: 'Commercial Bank of Ceylon',
    swift: 'CCEYLKLXXXX',
    address: 'Commercial House, No. 21, Sir Razik Fareed Mawatha, Colombo 01',
    city: 'Colombo',
    zipCode: '00100',
    branches: [
      {
        code: '001',
        name: 'City Office',
        address: 'No. 21, Sir Razik Fareed Mawatha, Colombo 01',
        city: 'Colombo',
        zipCode: '00100',
      },
    ],
  },
  {
    countryCode: 'LK',
    bankCode: '7083',
    name: 'Hatton National Bank',
    swift: 'HBLILKLXXXX',
    address: 'HNB Towers, No. 479, T.B. Jayah Mawatha, Colombo 10',
    city: 'Colombo',
    zipCode: '01000',
    branches: [
      {
        code: '001',
        name: 'City Office',
        address: 'No. 16, Janadhipathi Mawatha, Colombo 01',
        city: 'Colombo',
        zipCode: '00100',
      },
    ],
  },
  {
    countryCode: 'LK',
    bankCode: '7135',
    name: "People's Bank",
    swift: 'PSBKLKLXXXX',
    address: 'No. 75, Sir Chittampalam A. Gardiner Mawatha, Colombo 02',
    city: 'Colombo',
    zipCode: '00200',
    branches: [
      {
        code: '001',
        name: 'Head Office',
        address: 'No. 75, Sir Chittampalam A. Gardiner Mawatha, Colombo 02',
        city: 'Colombo',
        zipCode: '00200',
      },
    ],
  },
  {
    countryCode: 'LK',
    bankCode: '7278',
    name: 'Sampath Bank',
    swift: 'BSAMLKLXXXX',
    address: 'No. 110, Sir James Peiris Mawatha, Colombo 02',
    city: 'Colombo',
    zipCode: '00200',
    branches: [
      {
        code: '002',
        name: 'City Office',
        address: 'No. 55, D.R. Wijewardena Mawatha, Colombo 10',
        city: 'Colombo',
        zipCode: '01000',
      },
    ],
  },
];

export const BANK_DIRECTORY_SEED: readonly BankSeed[] = [
  ...DE,
  ...FR,
  ...NL,
  ...ES,
  ...IT,
  ...RO,
  ...GB,
  ...US,
  ...CA,
  ...BR,
  ...JP,
  ...HK,
  ...LK,
];

/**
 * BIN prefixes card payouts (OCT) are refused to. 510510 and 401288 hold the networks' published
 * test numbers 5105105105105100 and 4012888888881881, so a test can name a blocked card.
 */
export const BLOCKED_BIN_SEED: readonly { bin: string; reason: string }[] = [
  { bin: '510510', reason: 'The issuer does not accept card payouts' },
  { bin: '401288', reason: 'Commercial cards do not take payouts' },
  { bin: '431940', reason: 'Prepaid cards do not take payouts' },
  { bin: '45717360', reason: 'Range withdrawn by its issuer' },
];

/** Demo payees of personal@ledgerline.test and sms@ledgerline.test, so the template pickers are not empty. */
const DEMO_TEMPLATES: readonly {
  email: string;
  type: 'wire' | 'eft';
  name: string;
  bankDetails: Record<string, string>;
}[] = [
  {
    email: 'personal@ledgerline.test',
    type: 'wire',
    name: 'Jonas Weber (Commerzbank)',
    bankDetails: {
      beneficiaryName: 'Jonas Weber',
      countryCode: 'DE',
      iban: DEMO_IBANS.commerzbankKoeln,
      swift: 'COBADEFFXXX',
      bankName: 'Commerzbank',
      currency: 'EUR',
    },
  },
  {
    email: 'personal@ledgerline.test',
    type: 'eft',
    name: 'Haruto Tanaka (MUFG)',
    bankDetails: {
      beneficiaryName: 'Haruto Tanaka',
      countryCode: 'JP',
      accountNumber: '1234567',
      bankCode: '0005',
      branchCode: '251',
      currency: 'JPY',
    },
  },
  {
    email: 'sms@ledgerline.test',
    type: 'wire',
    name: 'Lucía Fernández (CaixaBank)',
    bankDetails: {
      beneficiaryName: 'Lucía Fernández',
      countryCode: 'ES',
      iban: DEMO_IBANS.caixaBank,
      swift: 'CAIXESBBXXX',
      bankName: 'CaixaBank',
      currency: 'EUR',
    },
  },
];

async function ensureDirectory(tx: Tx): Promise<void> {
  await tx
    .insert(banks)
    .values(
      BANK_DIRECTORY_SEED.map((bank) => ({
        countryCode: bank.countryCode,
        bankCode: bank.bankCode,
        ibanBankCode: bank.ibanBankCode ?? bank.bankCode,
        name: bank.name,
        swift: bank.swift,
        address: bank.address,
        city: bank.city,
        zipCode: bank.zipCode,
        instantPayments: bank.instantPayments ?? false,
      })),
    )
    .onConflictDoNothing();
  const stored = await tx
    .select({ id: banks.id, countryCode: banks.countryCode, bankCode: banks.bankCode })
    .from(banks);
  const idOf = new Map(stored.map((row) => [`${row.countryCode}:${row.bankCode}`, row.id]));
  const branches = BANK_DIRECTORY_SEED.flatMap((bank) => {
    const bankId = idOf.get(`${bank.countryCode}:${bank.bankCode}`);
    return bankId === undefined
      ? []
      : (bank.branches ?? []).map((branch) => ({ bankId, ...branch, swift: branch.swift ?? null }));
  });
  if (branches.length > 0) await tx.insert(bankBranches).values(branches).onConflictDoNothing();
  await tx
    .insert(blockedBins)
    .values([...BLOCKED_BIN_SEED])
    .onConflictDoNothing();
}

async function ensureTemplates(tx: Tx, demoEmails: readonly string[]): Promise<void> {
  const wanted = new Set(demoEmails);
  for (const template of DEMO_TEMPLATES) {
    if (!wanted.has(template.email)) continue;
    const [user] = await tx
      .select({ id: users.id, customerId: users.customerId })
      .from(users)
      .where(sql`lower(${users.email}) = ${template.email}`);
    if (!user) continue;
    const [existing] = await tx
      .select({ id: paymentTemplates.id })
      .from(paymentTemplates)
      .where(
        and(
          eq(paymentTemplates.customerId, user.customerId),
          eq(paymentTemplates.type, template.type),
          sql`lower(${paymentTemplates.name}) = lower(${template.name})`,
        ),
      );
    if (existing) continue;
    await tx.insert(paymentTemplates).values({
      customerId: user.customerId,
      createdByUserId: user.id,
      type: template.type,
      name: template.name,
      bankDetails: template.bankDetails,
    });
  }
}

export async function seedBankDirectoryDemo(tx: Tx, demoEmails: readonly string[]): Promise<void> {
  await ensureDirectory(tx);
  await ensureTemplates(tx, demoEmails);
}
