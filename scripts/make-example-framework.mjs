// `node scripts/make-example-framework.mjs`: writes the example impact framework and the empty
// template to docs/examples/ (both committed; the demo content and the API tests import the
// example, the console offers both for download). Needs libs/domain built (npm run build -w libs/domain).
//
// The proxy values are illustrative: realistic orders of magnitude in EUR, with the kind of
// source a real framework cites (national statistics, public unit-cost databases, HACT's
// Social Value Bank, carbon prices). Check them before using the file for real decisions.
import ExcelJS from 'exceljs';
import { mkdirSync } from 'node:fs';
import { FRAMEWORK_COLUMNS, parseFrameworkSheet, frameworkCounts } from '@impact-calls/domain';

const OUT = new URL('../docs/examples/', import.meta.url);
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

const S = {
  hact: ['HACT, UK Social Value Bank (values converted to EUR)', 'https://hact.org.uk/tools-and-services/uk-social-value-bank/'],
  gmca: [
    'GMCA, Unit Cost Database (values converted to EUR)',
    'https://www.greatermanchester-ca.gov.uk/what-we-do/research/research-cost-benefit-analysis/',
  ],
  istat: ['ISTAT, Istituto nazionale di statistica', 'https://www.istat.it/'],
  inps: ['INPS, Osservatori statistici', 'https://www.inps.it/it/it/dati-e-bilanci/osservatori-statistici-e-altre-statistiche.html'],
  salute: ['Ministero della Salute, Rapporto SDO', 'https://www.salute.gov.it/'],
  epa: ['US EPA, Social cost of greenhouse gases (2023)', 'https://www.epa.gov/environmental-economics/scghg'],
  handbook: [
    'European Commission, Handbook on the external costs of transport',
    'https://op.europa.eu/en/publication-detail/-/publication/9781f65f-8448-11ea-bf12-01aa75ed71a1',
  ],
  gme: ['GME, Gestore dei Mercati Energetici (PUN)', 'https://www.mercatoelettrico.org/'],
  ispra: ['ISPRA, Rapporto Rifiuti Urbani', 'https://www.isprambiente.gov.it/'],
  eige: ['EIGE, The costs of gender-based violence in the EU', 'https://eige.europa.eu/'],
  eurofound: ['Eurofound, NEETs: characteristics, costs and policy responses', 'https://www.eurofound.europa.eu/'],
  oecd: ['OECD, Education at a Glance', 'https://www.oecd.org/education/education-at-a-glance/'],
  citt: ['Cittadinanzattiva, Osservatorio prezzi e tariffe', 'https://www.cittadinanzattiva.it/'],
  banco: ['Fondazione Banco Alimentare, Bilancio sociale', 'https://www.bancoalimentare.it/'],
  enea: ['ENEA, Rapporto annuale efficienza energetica', 'https://www.enea.it/'],
  gse: ['GSE, Comunità energetiche rinnovabili', 'https://www.gse.it/'],
  teeb: ['TEEB, The Economics of Ecosystems and Biodiversity', 'https://teebweb.org/'],
  giustizia: ['Ministero della Giustizia, Statistiche DAP', 'https://www.giustizia.it/'],
  crea: ['CREA, Rete di informazione contabile agricola (RICA)', 'https://www.crea.gov.it/'],
  unioncamere: ['Unioncamere, Osservatorio imprenditoria femminile', 'https://www.unioncamere.gov.it/'],
  itree: ['USDA Forest Service, i-Tree Eco', 'https://www.itreetools.org/'],
  dire: ['D.i.Re, Donne in rete contro la violenza', 'https://www.direcontrolaviolenza.it/'],
  interno: ["Ministero dell'Interno, Sistema di accoglienza e integrazione (SAI)", 'https://www.interno.gov.it/'],
  eex: ['EEX, EU ETS auction results 2023', 'https://www.eex.com/'],
  agea: ['AGEA, Pagamenti PSR agricoltura biologica', 'https://www.agea.gov.it/'],
  bre: ['BRE, The cost of poor housing in the EU', 'https://bregroup.com/'],
  ccnl: ['CCNL Cooperative sociali, tabelle retributive', 'https://www.lavoro.gov.it/'],
  mic: ['Ministero della Cultura, Ufficio di statistica', 'https://statistica.cultura.gov.it/'],
  giustizia2: ['Ministero della Giustizia, Statistiche sulla mediazione civile', 'https://webstat.giustizia.it/'],
  ecdl: ['AICA, ICDL price list', 'https://www.aicanet.it/'],
  own: ['Accounting value of the funds raised', ''],
  estimate: ['Estimate from comparable programmes (Human Foundation practice)', ''],
};

// [outcome, description, sdg, [[indicator, description, [[proxy, value, source], ...]], ...]]
const OUTCOMES = [
  [
    'Financial resilience of low-income households',
    'Households on low incomes manage money better and can face unexpected expenses',
    1,
    [
      [
        'Households with an emergency savings buffer',
        'Households that keep savings of at least one month of expenses',
        [['Financial comfort (wellbeing value)', 10420, S.hact]],
      ],
      [
        'People relieved from problem debt',
        'People no longer heavily burdened by debt after advice',
        [['Relief from being heavily burdened with debt', 11500, S.hact]],
      ],
    ],
  ],
  [
    'Homeless people in stable accommodation',
    'People experiencing homelessness move into stable housing and access basic services',
    1,
    [
      [
        'People moved from rough sleeping into stable accommodation',
        'People housed for at least six months',
        [['Annual public cost of a rough sleeper', 23450, S.gmca]],
      ],
      [
        'Nights of emergency shelter provided',
        'Nights spent in a shelter instead of on the street',
        [['Cost of a night in emergency shelter', 35, S.istat]],
      ],
    ],
  ],
  [
    'Take-up of welfare entitlements',
    'Families receive the benefits they are entitled to',
    1,
    [
      [
        'Families accessing the benefits they are entitled to',
        'Families supported to claim Assegno Unico and other benefits',
        [['Average annual Assegno Unico per family', 1950, S.inps]],
      ],
    ],
  ],
  [
    'Food security of vulnerable families',
    'Vulnerable families have regular access to enough nutritious food',
    2,
    [
      [
        'Food parcels distributed',
        'Weekly food parcels delivered to registered families',
        [['Market value of a weekly food parcel', 45, S.banco]],
      ],
      [
        'Families no longer food insecure',
        'Families reporting no food insecurity after 12 months',
        [['Annual food spend of a lowest-quintile household', 3800, S.istat]],
      ],
    ],
  ],
  [
    'Healthy diets for children',
    'Children eat balanced meals at school and at home',
    2,
    [
      [
        'Children receiving a daily healthy school meal',
        'Children with a free or subsidised school meal for the whole year',
        [['Annual cost of school meals per child', 810, S.citt]],
      ],
      [
        'Children with improved nutrition status',
        'Children moving to a healthy weight range',
        [
          [
            'Avoided annual healthcare cost of childhood obesity',
            1250,
            ['OECD, The Heavy Burden of Obesity', 'https://www.oecd.org/health/the-heavy-burden-of-obesity-67450d67-en.htm'],
          ],
        ],
      ],
    ],
  ],
  [
    'Sustainable small-scale agriculture',
    'Small farms adopt sustainable practices and earn a fair income',
    2,
    [
      [
        'Smallholders adopting sustainable practices',
        'Farms applying at least two practices of the programme',
        [['Average increase in farm income', 2400, S.crea]],
      ],
      [
        'Hectares converted to organic farming',
        'Land in conversion or certified organic',
        [['Organic conversion payment per hectare', 480, S.agea]],
      ],
    ],
  ],
  [
    'Improved mental well-being',
    'Participants feel better, more confident and less anxious',
    3,
    [
      [
        'People reporting high confidence',
        'Participants scoring high confidence at follow-up',
        [['High confidence (adult)', 15300, S.hact]],
      ],
      [
        'People relieved from depression or anxiety',
        'Participants no longer reporting depression or anxiety (PHQ-9, GAD-7)',
        [['Relief from depression and anxiety (adult)', 43000, S.hact]],
      ],
    ],
  ],
  [
    'Less social isolation of older people',
    'Older people are connected to others and to their neighbourhood',
    3,
    [
      [
        'Older people in weekly group activities',
        'People over 65 taking part at least weekly',
        [['Member of a social group', 2170, S.hact]],
      ],
      [
        'Older people who talk to neighbours regularly',
        'People over 65 reporting regular contact with neighbours',
        [['Talks to neighbours regularly', 5280, S.hact]],
      ],
    ],
  ],
  [
    'Healthier lifestyles',
    'People take up regular physical activity and quit smoking',
    3,
    [
      [
        'People doing regular moderate exercise',
        'People exercising at least 30 minutes three times a week',
        [['Frequent moderate exercise', 4890, S.hact]],
      ],
      [
        'Smokers who quit for at least 12 months',
        'Participants smoke-free after one year',
        [['Annual healthcare cost of a smoker', 1400, S.salute]],
      ],
    ],
  ],
  [
    'Fewer avoidable hospital admissions',
    'Better care at home prevents emergency admissions',
    3,
    [
      [
        'Avoided emergency admissions',
        'Admissions avoided compared with the baseline',
        [['Average cost of a hospital admission (DRG)', 3900, S.salute]],
      ],
      [
        'Avoided emergency department visits',
        'Visits avoided compared with the baseline',
        [['Cost of an emergency department visit', 250, S.salute]],
      ],
    ],
  ],
  [
    'Less early school leaving',
    'Students at risk stay in education and complete their studies',
    4,
    [
      [
        'Students at risk who complete the school year',
        'Students flagged at risk who pass the year',
        [
          [
            'Annual earnings gain of an upper-secondary diploma',
            3500,
            ["Banca d'Italia, Questioni di economia e finanza", 'https://www.bancaditalia.it/'],
          ],
        ],
      ],
      [
        'Young people re-engaged in education or training',
        'Early leavers back in a course for at least six months',
        [['General training for a job', 1830, S.hact]],
      ],
    ],
  ],
  [
    'Better basic skills',
    'Children and adults read, count and use digital tools better',
    4,
    [
      [
        'Children improving their reading level',
        'Children moving up at least one reading level',
        [['Value of improved literacy', 1200, S.oecd]],
      ],
      [
        'Adults with a basic digital skills certificate',
        'Adults passing a certified digital skills exam',
        [['Market price of a digital skills course and exam', 350, S.ecdl]],
      ],
    ],
  ],
  [
    'Access to early childhood education',
    'Young children attend quality early education and care',
    4,
    [
      ['Children attending nursery', 'Children aged 0-3 enrolled for the whole year', [['Annual nursery fee', 3300, S.citt]]],
      [
        'Parents returning to work thanks to childcare',
        'Parents (mostly mothers) back in paid work',
        [['Annual net salary, part-time', 11000, S.istat]],
      ],
    ],
  ],
  [
    "Women's economic empowerment",
    'Women find work and start their own businesses',
    5,
    [
      [
        'Women finding paid employment',
        'Women employed for at least six months',
        [['Average annual net earnings of women', 15800, S.istat]],
      ],
      [
        'Women-led micro-enterprises started',
        'Enterprises still active after one year',
        [['Average first-year net income of a micro-enterprise', 9500, S.unioncamere]],
      ],
    ],
  ],
  [
    'Protection from gender-based violence',
    'Women leave violent relationships safely and rebuild their lives',
    5,
    [
      [
        'Women supported out of violent relationships',
        'Women completing a protection and autonomy path',
        [['Annual cost of intimate partner violence per victim', 4300, S.eige]],
      ],
      [
        'Nights in a safe shelter',
        'Nights provided in anti-violence shelters',
        [['Cost of a night in an anti-violence shelter', 70, S.dire]],
      ],
    ],
  ],
  [
    'Less energy poverty',
    'Households keep their homes warm at an affordable cost',
    7,
    [
      [
        'Households with lower energy bills',
        'Households saving at least 10% on bills',
        [['Average annual bill saving after efficiency measures', 420, S.enea]],
      ],
      [
        'Homes insulated',
        'Dwellings with insulation or efficient heating installed',
        [['Avoided annual health cost of a cold home', 600, S.bre]],
      ],
    ],
  ],
  [
    'More community renewable energy',
    'Communities produce and share renewable energy',
    7,
    [
      [
        'MWh of renewable energy produced',
        'Energy produced by community installations in a year',
        [['Average wholesale electricity price', 110, S.gme]],
      ],
      [
        'Households joining an energy community',
        'Members of a renewable energy community',
        [['Annual incentive and saving per member', 170, S.gse]],
      ],
    ],
  ],
  [
    'Young people in employment',
    'Young people not in education, employment or training (NEET) find stable work',
    8,
    [
      [
        'NEETs in work for six months or more',
        'Young people aged 18-29 employed for six months or more',
        [
          ['Average annual net salary under 30', 14500, S.inps],
          ['Annual public cost of a NEET avoided', 12000, S.eurofound],
        ],
      ],
      ['Young people completing an apprenticeship', 'Apprenticeships completed with a qualification', [['Apprenticeship', 2750, S.hact]]],
    ],
  ],
  [
    'Employment of people with disabilities',
    'People with disabilities work in ordinary workplaces',
    8,
    [
      ['People with disabilities hired', 'Hires on contracts of at least 12 months', [['Average annual net salary', 17600, S.istat]]],
      [
        'Work placements completed',
        'Placements (tirocini) of at least six months completed',
        [
          [
            'Placement allowance for six months',
            3000,
            ['Regione Lombardia, Tirocini extracurriculari', 'https://www.regione.lombardia.it/'],
          ],
        ],
      ],
    ],
  ],
  [
    'Growth of social enterprises',
    'Social enterprises grow and create good jobs',
    8,
    [
      ['New jobs in supported enterprises', 'Full-time equivalent jobs created', [['Average annual net salary', 17600, S.istat]]],
      [
        'Enterprises surviving three years',
        'Supported start-ups still active after three years',
        [['Average annual profit of a small enterprise', 9000, S.unioncamere]],
      ],
    ],
  ],
  [
    'Inclusion of migrants and refugees',
    'Migrants and refugees learn the language and become independent',
    10,
    [
      [
        'Migrants passing an A2 Italian exam',
        'Certified A2 level or higher',
        [
          [
            'Market price of an A2 Italian course',
            400,
            ['CPIA, Centri provinciali per l’istruzione degli adulti', 'https://www.miur.gov.it/'],
          ],
        ],
      ],
      [
        'Refugees in stable employment',
        'Refugees leaving reception with a job',
        [['Annual reception cost avoided (35 EUR a day)', 12775, S.interno]],
      ],
    ],
  ],
  [
    'Less discrimination',
    'Fewer people experience discrimination at work and in services',
    10,
    [
      [
        'People trained in anti-discrimination',
        'Staff and volunteers completing the training',
        [['Cost of diversity training per participant', 250, S.estimate]],
      ],
      [
        'Disputes resolved through mediation',
        'Discrimination cases settled without court',
        [['Average legal cost avoided per case', 2300, S.giustizia2]],
      ],
    ],
  ],
  [
    'Independent mobility of people with disabilities',
    'People with disabilities travel on their own',
    10,
    [
      [
        'People with disabilities travelling independently',
        'People using accessible public transport at least monthly',
        [['Annual cost of a door-to-door transport service', 2600, S.estimate]],
      ],
    ],
  ],
  [
    'Better housing conditions',
    'Families live in adequate, safe and healthy homes',
    11,
    [
      [
        'Families moved out of overcrowded housing',
        'Families rehoused in adequate homes',
        [['Moving from temporary to secure housing', 10000, S.hact]],
      ],
      ['Homes renovated', 'Dwellings brought up to a decent standard', [['Avoided annual health cost of poor housing', 1100, S.bre]]],
    ],
  ],
  [
    'Safer neighbourhoods',
    'Residents feel and are safer in their neighbourhood',
    11,
    [
      [
        'Residents who feel safe after dark',
        'Residents reporting feeling safe walking alone after dark',
        [['Feeling safe in the neighbourhood', 4000, S.hact]],
      ],
      [
        'Fewer anti-social behaviour incidents',
        'Incidents reported compared with the baseline',
        [['Cost of an anti-social behaviour incident', 760, S.gmca]],
      ],
    ],
  ],
  [
    'Regenerated public and cultural spaces',
    'Abandoned places become open community and cultural spaces',
    11,
    [
      [
        'Visits to regenerated spaces',
        'Yearly visits to the spaces and their events',
        [['Willingness to pay per visit to a cultural site', 8, S.mic]],
      ],
      [
        'Hours of volunteering in community spaces',
        'Volunteer hours given in the spaces',
        [['Hourly replacement value of volunteering', 15, S.istat]],
      ],
    ],
  ],
  [
    'Less food waste',
    'Surplus food is recovered and reaches people in need',
    12,
    [
      [
        'Tonnes of surplus food recovered',
        'Food recovered from shops, canteens and producers',
        [['Value of recovered food per tonne', 2000, S.banco]],
      ],
      ['Meals redistributed', 'Meals served from recovered food', [['Cost of a meal in a soup kitchen', 3.5, S.banco]]],
    ],
  ],
  [
    'More reuse and recycling',
    'Goods are repaired and reused, waste is recycled',
    12,
    [
      [
        'Tonnes of waste diverted from landfill',
        'Waste recycled or reused instead of landfilled',
        [['Landfill tax and gate fee per tonne', 130, S.ispra]],
      ],
      [
        'Items repaired and reused',
        'Furniture, appliances and bikes repaired',
        [['Average replacement value of a repaired item', 60, S.estimate]],
      ],
    ],
  ],
  [
    'Lower greenhouse gas emissions',
    'Activities of the project emit less CO2',
    13,
    [
      [
        'Tonnes of CO2e avoided',
        'Emissions avoided compared with the baseline',
        [
          ['Social cost of carbon', 175, S.epa],
          ['EU ETS average allowance price', 83, S.eex],
        ],
      ],
      [
        'Car-km avoided',
        'Kilometres travelled by bike or public transport instead of car',
        [['External cost per car-km', 0.11, S.handbook]],
      ],
    ],
  ],
  [
    'Climate-resilient communities',
    'Communities prepare for heatwaves and floods',
    13,
    [
      [
        'Residents trained in emergency preparedness',
        'Residents completing a civil protection course',
        [
          [
            'Cost of a civil protection training course',
            120,
            ['Dipartimento della Protezione Civile', 'https://www.protezionecivile.gov.it/'],
          ],
        ],
      ],
      ['Urban trees planted', 'Trees planted and alive after two years', [['Annual ecosystem services value per urban tree', 45, S.itree]]],
    ],
  ],
  [
    'Restored ecosystems',
    'Degraded land and habitats are restored',
    15,
    [
      [
        'Hectares of land restored',
        'Land under restoration management',
        [['Ecosystem services value per hectare of temperate forest', 1800, S.teeb]],
      ],
      ['Volunteers in conservation activities', 'People volunteering at least monthly', [['Regular volunteering', 3800, S.hact]]],
    ],
  ],
  [
    'Environmental awareness',
    'Young people understand and act on environmental issues',
    15,
    [
      [
        'Students in environmental education',
        'Students completing the programme',
        [['Cost per student of an environmental education programme', 90, S.estimate]],
      ],
    ],
  ],
  [
    'Less reoffending',
    'People leaving prison do not reoffend',
    16,
    [
      [
        'Former prisoners not reoffending within 12 months',
        'People released who are not convicted again within a year',
        [['Annual cost of a prisoner (137 EUR a day)', 50000, S.giustizia]],
      ],
      [
        'Prisoners completing vocational training',
        'Inmates completing a certified course',
        [['Cost of vocational training per trainee', 1500, S.estimate]],
      ],
    ],
  ],
  [
    'Access to justice',
    'People on low incomes get legal advice when they need it',
    16,
    [
      [
        'People receiving free legal advice',
        'Hours of advice given to eligible people',
        [['Cost of an hour of legal advice', 120, S.giustizia]],
      ],
    ],
  ],
  [
    'Active citizenship',
    'Residents take part in local decisions',
    16,
    [
      [
        'Citizens in participatory budgeting',
        'Residents proposing or voting projects',
        [['Being involved in a local organisation', 1200, S.hact]],
      ],
    ],
  ],
  [
    'Stronger third-sector partnerships',
    'Organisations work together and share resources',
    17,
    [
      [
        'Partnership agreements signed',
        'Formal agreements between partners',
        [['Shared overheads per partnership a year', 5000, S.estimate]],
      ],
      [
        'Staff hours shared between partners',
        'Hours of staff made available to partners',
        [['Hourly cost of a social worker', 22, S.ccnl]],
      ],
    ],
  ],
  [
    'Additional funding leveraged',
    'The project attracts co-funding from other sources',
    17,
    [['Euros of co-funding raised', 'Funds raised from other funders', [['Face value of the funds', 1, S.own]]]],
  ],
];

const STAKEHOLDERS = [
  ['Young people (NEET)', 'People aged 18-29 not in education, employment or training'],
  ['Low-income families', 'Households below the relative poverty line (ISTAT)'],
  ['Older people', 'People aged 65 and over living at home'],
  ['People with disabilities', 'People with a certified disability and their carers'],
  ['Migrants and refugees', 'Third-country nationals, asylum seekers and refugees'],
  ['Women', 'Women, including survivors of gender-based violence'],
  ['Children and students', 'Children and students in early, primary and secondary education'],
  ['Local residents', 'People living in the neighbourhoods of the project'],
  ['Public administration', 'Municipalities, health authorities and other public bodies'],
  ['Third-sector organisations', 'Social cooperatives, associations and social enterprises'],
  ['Volunteers', 'People giving their time to the project'],
];

/** Sources are written three ways, as real files mix them: a hyperlink cell, "name (url)", or the name alone. */
function sourceCell([name, url], n) {
  if (!url) return name;
  if (n % 3 === 0) return { text: name, hyperlink: url };
  if (n % 3 === 1) return `${name} (${url})`;
  return `${name} - ${url}`;
}

function styleHeader(ws) {
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const widths = [38, 48, 10, 44, 48, 44, 12, 60, 28, 48];
  ws.columns = FRAMEWORK_COLUMNS.map((c, i) => ({ key: c, width: widths[i] }));
}

function newWorkbook() {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Impact Calls';
  wb.created = FIXED_DATE;
  wb.modified = FIXED_DATE;
  return wb;
}

async function writeExample() {
  const wb = newWorkbook();
  const ws = wb.addWorksheet('Framework');
  ws.addRow([...FRAMEWORK_COLUMNS]);
  styleHeader(ws);
  const lines = [];
  let n = 0;
  for (const [outcome, outcomeDesc, sdg, indicators] of OUTCOMES) {
    for (const [indicator, indicatorDesc, proxies] of indicators) {
      for (const [proxy, value, source] of proxies)
        lines.push([outcome, outcomeDesc, sdg, indicator, indicatorDesc, proxy, value, sourceCell(source, n++)]);
    }
  }
  lines.forEach((line, i) => {
    const stakeholder = STAKEHOLDERS[i] ?? [null, null];
    const row = ws.addRow([...line, ...stakeholder]);
    row.getCell(7).numFmt = '#,##0.00 "€"';
  });
  const readme = wb.addWorksheet('Read me');
  readme.getColumn(1).width = 120;
  for (const text of [
    'Example impact framework of Impact Calls (only the first sheet is imported).',
    'One line per outcome, indicator and proxy; outcomes repeat on each line of their indicators.',
    'sdgNumero: the SDG code, 1 to 17. valoreproxy: value per unit in EUR (a number, no formula).',
    'fonteproxy: the source, as a link, as "name (https://...)" or as a name.',
    'stakeholder / descrizioneStakeholder: the stakeholder list, one per line, independent of the other columns.',
    'The proxy values are illustrative orders of magnitude: check them before relying on them.',
  ])
    readme.addRow([text]);
  await wb.xlsx.writeFile(new URL('impact-framework-example.xlsx', OUT).pathname);
  return { lines: lines.length };
}

async function writeTemplate() {
  const wb = newWorkbook();
  const ws = wb.addWorksheet('Framework');
  ws.addRow([...FRAMEWORK_COLUMNS]);
  styleHeader(ws);
  await wb.xlsx.writeFile(new URL('impact-framework-template.xlsx', OUT).pathname);
}

/** Reads the written example back through the import rules, so a broken example never ships. */
async function check() {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(new URL('impact-framework-example.xlsx', OUT).pathname);
  const ws = wb.worksheets[0];
  const rows = [];
  ws.eachRow((row, r) => {
    const cells = [];
    row.eachCell((cell, c) => {
      const v = cell.value;
      cells[c - 1] =
        v && typeof v === 'object' && 'hyperlink' in v
          ? { kind: 'link', text: String(v.text), url: v.hyperlink }
          : typeof v === 'number'
            ? { kind: 'number', value: v }
            : v == null
              ? { kind: 'empty' }
              : { kind: 'text', text: String(v) };
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= { kind: 'empty' };
    rows.push({ row: r, cells });
  });
  const { content, issues } = parseFrameworkSheet({ name: ws.name, rows });
  if (issues.length) throw new Error(`The example breaks the import rules:\n${issues.map((i) => i.message).join('\n')}`);
  return frameworkCounts(content);
}

mkdirSync(OUT, { recursive: true });
const { lines } = await writeExample();
await writeTemplate();
const counts = await check();
console.log(
  `docs/examples/impact-framework-example.xlsx: ${lines} lines, ${counts.outcomes} outcomes, ${counts.indicators} indicators, ${counts.proxies} proxies, ` +
    `${counts.stakeholders} stakeholders, ${counts.sdgs.length} SDGs (${counts.sdgs.join(', ')})`,
);
console.log('docs/examples/impact-framework-template.xlsx: header row only');
