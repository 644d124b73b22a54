/**
 * States, provinces and territories that a postal address in these countries names, keyed by
 * country (ISO 3166-1 alpha-2) with the ISO 3166-2 subdivision part and the official name. The
 * names are proper nouns written the way the country's own addresses write them, so they are not
 * translated (unlike country names): a Russian-speaking customer still writes "California" on a
 * US address. Reviewed against ISO 3166-2 (India's codes after the 2023 change: CG, OD, TS, UK;
 * Dadra and Nagar Haveli and Daman and Diu as DH).
 */
export const STATES: Readonly<Record<string, readonly (readonly [code: string, name: string])[]>> = {
  US: [
    ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
    ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'],
    ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'],
    ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
    ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'],
    ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'],
    ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'],
    ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'],
    ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
    ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'],
    ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
    // Outlying areas that US addresses write as a state (they also have their own country codes).
    ['AS', 'American Samoa'], ['GU', 'Guam'], ['MP', 'Northern Mariana Islands'], ['PR', 'Puerto Rico'],
    ['VI', 'U.S. Virgin Islands'],
  ],
  CA: [
    ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'],
    ['NL', 'Newfoundland and Labrador'], ['NS', 'Nova Scotia'], ['NT', 'Northwest Territories'],
    ['NU', 'Nunavut'], ['ON', 'Ontario'], ['PE', 'Prince Edward Island'], ['QC', 'Quebec'],
    ['SK', 'Saskatchewan'], ['YT', 'Yukon'],
  ],
  AU: [
    ['ACT', 'Australian Capital Territory'], ['NSW', 'New South Wales'], ['NT', 'Northern Territory'],
    ['QLD', 'Queensland'], ['SA', 'South Australia'], ['TAS', 'Tasmania'], ['VIC', 'Victoria'],
    ['WA', 'Western Australia'],
  ],
  BR: [
    ['AC', 'Acre'], ['AL', 'Alagoas'], ['AP', 'Amapá'], ['AM', 'Amazonas'], ['BA', 'Bahia'], ['CE', 'Ceará'],
    ['DF', 'Distrito Federal'], ['ES', 'Espírito Santo'], ['GO', 'Goiás'], ['MA', 'Maranhão'],
    ['MT', 'Mato Grosso'], ['MS', 'Mato Grosso do Sul'], ['MG', 'Minas Gerais'], ['PA', 'Pará'],
    ['PB', 'Paraíba'], ['PR', 'Paraná'], ['PE', 'Pernambuco'], ['PI', 'Piauí'], ['RJ', 'Rio de Janeiro'],
    ['RN', 'Rio Grande do Norte'], ['RS', 'Rio Grande do Sul'], ['RO', 'Rondônia'], ['RR', 'Roraima'],
    ['SC', 'Santa Catarina'], ['SP', 'São Paulo'], ['SE', 'Sergipe'], ['TO', 'Tocantins'],
  ],
  MX: [
    ['AGU', 'Aguascalientes'], ['BCN', 'Baja California'], ['BCS', 'Baja California Sur'],
    ['CAM', 'Campeche'], ['CHP', 'Chiapas'], ['CHH', 'Chihuahua'], ['CMX', 'Ciudad de México'],
    ['COA', 'Coahuila'], ['COL', 'Colima'], ['DUR', 'Durango'], ['GUA', 'Guanajuato'], ['GRO', 'Guerrero'],
    ['HID', 'Hidalgo'], ['JAL', 'Jalisco'], ['MEX', 'Estado de México'], ['MIC', 'Michoacán'],
    ['MOR', 'Morelos'], ['NAY', 'Nayarit'], ['NLE', 'Nuevo León'], ['OAX', 'Oaxaca'], ['PUE', 'Puebla'],
    ['QUE', 'Querétaro'], ['ROO', 'Quintana Roo'], ['SLP', 'San Luis Potosí'], ['SIN', 'Sinaloa'],
    ['SON', 'Sonora'], ['TAB', 'Tabasco'], ['TAM', 'Tamaulipas'], ['TLA', 'Tlaxcala'], ['VER', 'Veracruz'],
    ['YUC', 'Yucatán'], ['ZAC', 'Zacatecas'],
  ],
  AR: [
    ['C', 'Ciudad Autónoma de Buenos Aires'], ['B', 'Buenos Aires'], ['K', 'Catamarca'], ['H', 'Chaco'],
    ['U', 'Chubut'], ['X', 'Córdoba'], ['W', 'Corrientes'], ['E', 'Entre Ríos'], ['P', 'Formosa'],
    ['Y', 'Jujuy'], ['L', 'La Pampa'], ['F', 'La Rioja'], ['M', 'Mendoza'], ['N', 'Misiones'],
    ['Q', 'Neuquén'], ['R', 'Río Negro'], ['A', 'Salta'], ['J', 'San Juan'], ['D', 'San Luis'],
    ['Z', 'Santa Cruz'], ['S', 'Santa Fe'], ['G', 'Santiago del Estero'], ['V', 'Tierra del Fuego'],
    ['T', 'Tucumán'],
  ],
  IN: [
    ['AN', 'Andaman and Nicobar Islands'], ['AP', 'Andhra Pradesh'], ['AR', 'Arunachal Pradesh'],
    ['AS', 'Assam'], ['BR', 'Bihar'], ['CH', 'Chandigarh'], ['CG', 'Chhattisgarh'],
    ['DH', 'Dadra and Nagar Haveli and Daman and Diu'], ['DL', 'Delhi'], ['GA', 'Goa'], ['GJ', 'Gujarat'],
    ['HR', 'Haryana'], ['HP', 'Himachal Pradesh'], ['JK', 'Jammu and Kashmir'], ['JH', 'Jharkhand'],
    ['KA', 'Karnataka'], ['KL', 'Kerala'], ['LA', 'Ladakh'], ['LD', 'Lakshadweep'], ['MP', 'Madhya Pradesh'],
    ['MH', 'Maharashtra'], ['MN', 'Manipur'], ['ML', 'Meghalaya'], ['MZ', 'Mizoram'], ['NL', 'Nagaland'],
    ['OD', 'Odisha'], ['PY', 'Puducherry'], ['PB', 'Punjab'], ['RJ', 'Rajasthan'], ['SK', 'Sikkim'],
    ['TN', 'Tamil Nadu'], ['TS', 'Telangana'], ['TR', 'Tripura'], ['UP', 'Uttar Pradesh'],
    ['UK', 'Uttarakhand'], ['WB', 'West Bengal'],
  ],
  JP: [
    ['01', 'Hokkaido'], ['02', 'Aomori'], ['03', 'Iwate'], ['04', 'Miyagi'], ['05', 'Akita'],
    ['06', 'Yamagata'], ['07', 'Fukushima'], ['08', 'Ibaraki'], ['09', 'Tochigi'], ['10', 'Gunma'],
    ['11', 'Saitama'], ['12', 'Chiba'], ['13', 'Tokyo'], ['14', 'Kanagawa'], ['15', 'Niigata'],
    ['16', 'Toyama'], ['17', 'Ishikawa'], ['18', 'Fukui'], ['19', 'Yamanashi'], ['20', 'Nagano'],
    ['21', 'Gifu'], ['22', 'Shizuoka'], ['23', 'Aichi'], ['24', 'Mie'], ['25', 'Shiga'], ['26', 'Kyoto'],
    ['27', 'Osaka'], ['28', 'Hyogo'], ['29', 'Nara'], ['30', 'Wakayama'], ['31', 'Tottori'],
    ['32', 'Shimane'], ['33', 'Okayama'], ['34', 'Hiroshima'], ['35', 'Yamaguchi'], ['36', 'Tokushima'],
    ['37', 'Kagawa'], ['38', 'Ehime'], ['39', 'Kochi'], ['40', 'Fukuoka'], ['41', 'Saga'],
    ['42', 'Nagasaki'], ['43', 'Kumamoto'], ['44', 'Oita'], ['45', 'Miyazaki'], ['46', 'Kagoshima'],
    ['47', 'Okinawa'],
  ],
};
