import type { Language } from '../constants.js';

/**
 * The 17 Sustainable Development Goals: official colour (UN SDG communication guidelines),
 * official short name (the tile text) and goal title, in Italian, English and French.
 * The `sdg` table is seeded from this list by the migration; the applicant UI draws the
 * tiles from it (the official icons cannot be downloaded here).
 */
export interface SdgText {
  /** Official short name ("No poverty"). */
  name: string;
  /** Official goal title ("End poverty in all its forms everywhere"). */
  description: string;
}

export interface SdgInfo {
  code: number;
  colour: string;
  keywords: string[];
  url: string;
  text: Record<Language, SdgText>;
}

const sdg = (
  code: number,
  colour: string,
  keywords: string,
  it: [string, string],
  en: [string, string],
  fr: [string, string],
): SdgInfo => ({
  code,
  colour,
  keywords: keywords.split(',').map((k) => k.trim()),
  url: `https://sdgs.un.org/goals/goal${code}`,
  text: {
    it: { name: it[0], description: it[1] },
    en: { name: en[0], description: en[1] },
    fr: { name: fr[0], description: fr[1] },
  },
});

export const SDGS: readonly SdgInfo[] = [
  sdg(
    1,
    '#E5243B',
    'poverty, social protection, basic services, vulnerability, resilience',
    ['Sconfiggere la povertà', 'Porre fine ad ogni forma di povertà nel mondo'],
    ['No poverty', 'End poverty in all its forms everywhere'],
    ['Pas de pauvreté', 'Éliminer la pauvreté sous toutes ses formes et partout dans le monde'],
  ),
  sdg(
    2,
    '#DDA63A',
    'hunger, food security, nutrition, sustainable agriculture, smallholders',
    [
      'Sconfiggere la fame',
      "Porre fine alla fame, raggiungere la sicurezza alimentare, migliorare la nutrizione e promuovere un'agricoltura sostenibile",
    ],
    ['Zero hunger', 'End hunger, achieve food security and improved nutrition and promote sustainable agriculture'],
    ['Faim « zéro »', "Éliminer la faim, assurer la sécurité alimentaire, améliorer la nutrition et promouvoir l'agriculture durable"],
  ),
  sdg(
    3,
    '#4C9F38',
    'health, well-being, mental health, maternal health, disease prevention',
    ['Salute e benessere', 'Assicurare la salute e il benessere per tutti e per tutte le età'],
    ['Good health and well-being', 'Ensure healthy lives and promote well-being for all at all ages'],
    ['Bonne santé et bien-être', 'Permettre à tous de vivre en bonne santé et promouvoir le bien-être de tous à tout âge'],
  ),
  sdg(
    4,
    '#C5192D',
    'education, schooling, skills, lifelong learning, literacy',
    ['Istruzione di qualità', "Fornire un'educazione di qualità, equa ed inclusiva, e opportunità di apprendimento per tutti"],
    ['Quality education', 'Ensure inclusive and equitable quality education and promote lifelong learning opportunities for all'],
    [
      'Éducation de qualité',
      "Assurer l'accès de tous à une éducation de qualité, sur un pied d'égalité, et promouvoir les possibilités d'apprentissage tout au long de la vie",
    ],
  ),
  sdg(
    5,
    '#FF3A21',
    'gender equality, women, girls, empowerment, violence against women',
    ['Parità di genere', "Raggiungere l'uguaglianza di genere ed emancipare tutte le donne e le ragazze"],
    ['Gender equality', 'Achieve gender equality and empower all women and girls'],
    ['Égalité entre les sexes', "Parvenir à l'égalité des sexes et autonomiser toutes les femmes et les filles"],
  ),
  sdg(
    6,
    '#26BDE2',
    'water, sanitation, hygiene, water quality, water efficiency',
    [
      'Acqua pulita e servizi igienico-sanitari',
      "Garantire a tutti la disponibilità e la gestione sostenibile dell'acqua e delle strutture igienico-sanitarie",
    ],
    ['Clean water and sanitation', 'Ensure availability and sustainable management of water and sanitation for all'],
    [
      'Eau propre et assainissement',
      "Garantir l'accès de tous à des services d'alimentation en eau et d'assainissement gérés de façon durable",
    ],
  ),
  sdg(
    7,
    '#FCC30B',
    'energy, renewable energy, energy efficiency, energy poverty, electricity',
    ['Energia pulita e accessibile', "Assicurare a tutti l'accesso a sistemi di energia economici, affidabili, sostenibili e moderni"],
    ['Affordable and clean energy', 'Ensure access to affordable, reliable, sustainable and modern energy for all'],
    [
      "Énergie propre et d'un coût abordable",
      "Garantir l'accès de tous à des services énergétiques fiables, durables et modernes, à un coût abordable",
    ],
  ),
  sdg(
    8,
    '#A21942',
    'employment, decent work, economic growth, youth employment, entrepreneurship',
    [
      'Lavoro dignitoso e crescita economica',
      "Incentivare una crescita economica duratura, inclusiva e sostenibile, un'occupazione piena e produttiva ed un lavoro dignitoso per tutti",
    ],
    [
      'Decent work and economic growth',
      'Promote sustained, inclusive and sustainable economic growth, full and productive employment and decent work for all',
    ],
    [
      'Travail décent et croissance économique',
      'Promouvoir une croissance économique soutenue, partagée et durable, le plein emploi productif et un travail décent pour tous',
    ],
  ),
  sdg(
    9,
    '#FD6925',
    'infrastructure, industry, innovation, research, digital access',
    [
      'Imprese, innovazione e infrastrutture',
      "Costruire un'infrastruttura resiliente e promuovere l'innovazione ed una industrializzazione equa, responsabile e sostenibile",
    ],
    [
      'Industry, innovation and infrastructure',
      'Build resilient infrastructure, promote inclusive and sustainable industrialization and foster innovation',
    ],
    [
      'Industrie, innovation et infrastructure',
      "Bâtir une infrastructure résiliente, promouvoir une industrialisation durable qui profite à tous et encourager l'innovation",
    ],
  ),
  sdg(
    10,
    '#DD1367',
    'inequality, inclusion, migration, discrimination, disability',
    ['Ridurre le disuguaglianze', "Ridurre l'ineguaglianza all'interno di e fra le nazioni"],
    ['Reduced inequalities', 'Reduce inequality within and among countries'],
    ['Inégalités réduites', "Réduire les inégalités dans les pays et d'un pays à l'autre"],
  ),
  sdg(
    11,
    '#FD9D24',
    'cities, housing, public transport, public spaces, cultural heritage',
    ['Città e comunità sostenibili', 'Rendere le città e gli insediamenti umani inclusivi, sicuri, duraturi e sostenibili'],
    ['Sustainable cities and communities', 'Make cities and human settlements inclusive, safe, resilient and sustainable'],
    [
      'Villes et communautés durables',
      'Faire en sorte que les villes et les établissements humains soient ouverts à tous, sûrs, résilients et durables',
    ],
  ),
  sdg(
    12,
    '#BF8B2E',
    'consumption, production, waste, recycling, food waste',
    ['Consumo e produzione responsabili', 'Garantire modelli sostenibili di produzione e di consumo'],
    ['Responsible consumption and production', 'Ensure sustainable consumption and production patterns'],
    ['Consommation et production responsables', 'Établir des modes de consommation et de production durables'],
  ),
  sdg(
    13,
    '#3F7E44',
    'climate change, emissions, adaptation, resilience, climate education',
    ['Lotta contro il cambiamento climatico', 'Promuovere azioni, a tutti i livelli, per combattere il cambiamento climatico'],
    ['Climate action', 'Take urgent action to combat climate change and its impacts'],
    [
      'Mesures relatives à la lutte contre les changements climatiques',
      "Prendre d'urgence des mesures pour lutter contre les changements climatiques et leurs répercussions",
    ],
  ),
  sdg(
    14,
    '#0A97D9',
    'oceans, seas, marine resources, fisheries, marine pollution',
    ["Vita sott'acqua", 'Conservare e utilizzare in modo durevole gli oceani, i mari e le risorse marine per uno sviluppo sostenibile'],
    ['Life below water', 'Conserve and sustainably use the oceans, seas and marine resources for sustainable development'],
    [
      'Vie aquatique',
      'Conserver et exploiter de manière durable les océans, les mers et les ressources marines aux fins du développement durable',
    ],
  ),
  sdg(
    15,
    '#56C02B',
    'ecosystems, forests, biodiversity, land degradation, desertification',
    [
      'Vita sulla terra',
      "Proteggere, ripristinare e favorire un uso sostenibile dell'ecosistema terrestre, gestire sostenibilmente le foreste, contrastare la desertificazione, arrestare e far retrocedere il degrado del terreno, e fermare la perdita di diversità biologica",
    ],
    [
      'Life on land',
      'Protect, restore and promote sustainable use of terrestrial ecosystems, sustainably manage forests, combat desertification, and halt and reverse land degradation and halt biodiversity loss',
    ],
    [
      'Vie terrestre',
      "Préserver et restaurer les écosystèmes terrestres, en veillant à les exploiter de façon durable, gérer durablement les forêts, lutter contre la désertification, enrayer et inverser le processus de dégradation des terres et mettre fin à l'appauvrissement de la biodiversité",
    ],
  ),
  sdg(
    16,
    '#00689D',
    'peace, justice, institutions, violence, access to justice',
    [
      'Pace, giustizia e istituzioni solide',
      "Promuovere società pacifiche e inclusive per uno sviluppo sostenibile, garantire a tutti l'accesso alla giustizia, e creare istituzioni efficaci, responsabili e inclusive a tutti i livelli",
    ],
    [
      'Peace, justice and strong institutions',
      'Promote peaceful and inclusive societies for sustainable development, provide access to justice for all and build effective, accountable and inclusive institutions at all levels',
    ],
    [
      'Paix, justice et institutions efficaces',
      "Promouvoir l'avènement de sociétés pacifiques et inclusives aux fins du développement durable, assurer l'accès de tous à la justice et mettre en place, à tous les niveaux, des institutions efficaces, responsables et ouvertes à tous",
    ],
  ),
  sdg(
    17,
    '#19486A',
    'partnerships, cooperation, capacity building, finance, data',
    ['Partnership per gli obiettivi', 'Rafforzare i mezzi di attuazione e rinnovare il partenariato mondiale per lo sviluppo sostenibile'],
    [
      'Partnerships for the goals',
      'Strengthen the means of implementation and revitalize the Global Partnership for Sustainable Development',
    ],
    [
      'Partenariats pour la réalisation des objectifs',
      'Renforcer les moyens de mettre en œuvre le Partenariat mondial pour le développement durable et le revitaliser',
    ],
  ),
];

export const SDG_CODES: readonly number[] = SDGS.map((s) => s.code);

export function isSdgCode(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= SDGS.length;
}

export function sdgInfo(code: number): SdgInfo | undefined {
  return isSdgCode(code) ? SDGS[code - 1] : undefined;
}

/** The goal's short name in a language ("3 Good health and well-being" is `${code} ${sdgName(code, lang)}`). */
export function sdgName(code: number, language: Language): string {
  return sdgInfo(code)?.text[language].name ?? '';
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two `#RRGGBB` colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Text colour for a tile on the goal's colour: white as on the official icons, or a dark
 * grey where white would not reach the WCAG AA ratio for large text (3:1), e.g. goal 7.
 */
export function sdgTextColour(code: number): string {
  const colour = sdgInfo(code)?.colour ?? '#000000';
  return contrastRatio(colour, '#FFFFFF') >= 3 ? '#FFFFFF' : '#1A1A1A';
}
