// `node scripts/make-example-framework.mjs`: writes the example impact framework and the empty
// template to docs/examples/ (both committed; the demo content and the API tests import the
// example, the console offers both for download). Needs libs/domain built (npm run build -w libs/domain).
//
// The proxy values are illustrative: realistic orders of magnitude in EUR, with the kind of
// source a real framework cites (national statistics, public unit-cost databases, HACT's
// Social Value Bank, carbon prices). Check them before using the file for real decisions.
// The texts are in Italian, the portal's default language, since a framework has one language;
// source names stay as their publishers write them.
import ExcelJS from 'exceljs';
import { mkdirSync } from 'node:fs';
import { FRAMEWORK_COLUMNS, parseFrameworkSheet, frameworkCounts } from '@impact-calls/domain';

const OUT = new URL('../docs/examples/', import.meta.url);
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

const S = {
  hact: ['HACT, UK Social Value Bank (valori convertiti in euro)', 'https://hact.org.uk/tools-and-services/uk-social-value-bank/'],
  gmca: [
    'GMCA, Unit Cost Database (valori convertiti in euro)',
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
  ecdl: ['AICA, listino prezzi ICDL', 'https://www.aicanet.it/'],
  own: ['Valore contabile dei fondi raccolti', ''],
  estimate: ['Stima da programmi analoghi (prassi di Human Foundation)', ''],
};

// [outcome, description, sdg, [[indicator, description, [[proxy, value, source], ...]], ...]]
const OUTCOMES = [
  [
    'Resilienza finanziaria delle famiglie a basso reddito',
    'Le famiglie a basso reddito gestiscono meglio il denaro e riescono ad affrontare le spese impreviste',
    1,
    [
      [
        'Famiglie con un risparmio di emergenza',
        'Famiglie che mantengono risparmi pari ad almeno un mese di spese',
        [['Serenità finanziaria (valore di benessere)', 10420, S.hact]],
      ],
      [
        'Persone uscite dal sovraindebitamento',
        'Persone non più gravate dai debiti dopo la consulenza',
        [['Liberazione da un forte peso dei debiti', 11500, S.hact]],
      ],
    ],
  ],
  [
    'Persone senza dimora in un alloggio stabile',
    'Le persone senza dimora trovano un alloggio stabile e accedono ai servizi essenziali',
    1,
    [
      [
        'Persone passate dalla strada a un alloggio stabile',
        'Persone alloggiate per almeno sei mesi',
        [['Costo pubblico annuo di una persona che vive in strada', 23450, S.gmca]],
      ],
      [
        'Notti di accoglienza notturna offerte',
        'Notti passate in dormitorio anziché in strada',
        [['Costo di una notte in dormitorio', 35, S.istat]],
      ],
    ],
  ],
  [
    'Accesso alle prestazioni sociali spettanti',
    'Le famiglie ricevono le prestazioni a cui hanno diritto',
    1,
    [
      [
        'Famiglie che accedono alle prestazioni a cui hanno diritto',
        'Famiglie accompagnate nella domanda di Assegno Unico e di altre prestazioni',
        [['Assegno Unico medio annuo per famiglia', 1950, S.inps]],
      ],
    ],
  ],
  [
    'Sicurezza alimentare delle famiglie vulnerabili',
    'Le famiglie vulnerabili hanno accesso regolare a cibo nutriente e sufficiente',
    2,
    [
      [
        'Pacchi alimentari distribuiti',
        'Pacchi alimentari settimanali consegnati alle famiglie iscritte',
        [['Valore di mercato di un pacco alimentare settimanale', 45, S.banco]],
      ],
      [
        'Famiglie uscite dall’insicurezza alimentare',
        'Famiglie che dopo 12 mesi non dichiarano più insicurezza alimentare',
        [['Spesa alimentare annua di una famiglia del quinto più povero', 3800, S.istat]],
      ],
    ],
  ],
  [
    'Alimentazione sana dei bambini',
    'I bambini consumano pasti equilibrati a scuola e a casa',
    2,
    [
      [
        'Bambini che ricevono ogni giorno un pasto sano a scuola',
        'Bambini con la mensa scolastica gratuita o agevolata per tutto l’anno',
        [['Costo annuo della mensa scolastica per bambino', 810, S.citt]],
      ],
      [
        'Bambini con uno stato nutrizionale migliorato',
        'Bambini che rientrano in un peso sano',
        [
          [
            'Costo sanitario annuo evitato dell’obesità infantile',
            1250,
            ['OECD, The Heavy Burden of Obesity', 'https://www.oecd.org/health/the-heavy-burden-of-obesity-67450d67-en.htm'],
          ],
        ],
      ],
    ],
  ],
  [
    'Piccola agricoltura sostenibile',
    'Le piccole aziende agricole adottano pratiche sostenibili e ottengono un reddito equo',
    2,
    [
      [
        'Piccoli agricoltori che adottano pratiche sostenibili',
        'Aziende che applicano almeno due pratiche del programma',
        [['Aumento medio del reddito agricolo', 2400, S.crea]],
      ],
      [
        'Ettari convertiti all’agricoltura biologica',
        'Terreni in conversione o certificati biologici',
        [['Premio per la conversione al biologico per ettaro', 480, S.agea]],
      ],
    ],
  ],
  [
    'Maggiore benessere psicologico',
    'I partecipanti stanno meglio, hanno più fiducia in sé e meno ansia',
    3,
    [
      [
        'Persone con un’elevata fiducia in sé',
        'Partecipanti con un punteggio elevato di fiducia in sé al follow-up',
        [['Elevata fiducia in sé (adulti)', 15300, S.hact]],
      ],
      [
        'Persone uscite da depressione o ansia',
        'Partecipanti che non riportano più depressione o ansia (PHQ-9, GAD-7)',
        [['Sollievo da depressione e ansia (adulti)', 43000, S.hact]],
      ],
    ],
  ],
  [
    'Meno isolamento sociale delle persone anziane',
    'Le persone anziane hanno legami con gli altri e con il loro quartiere',
    3,
    [
      [
        'Anziani in attività di gruppo settimanali',
        'Persone over 65 che partecipano almeno una volta alla settimana',
        [['Far parte di un gruppo sociale', 2170, S.hact]],
      ],
      [
        'Anziani che parlano regolarmente con i vicini',
        'Persone over 65 che dichiarano contatti regolari con i vicini',
        [['Parlare regolarmente con i vicini', 5280, S.hact]],
      ],
    ],
  ],
  [
    'Stili di vita più sani',
    'Le persone fanno attività fisica regolare e smettono di fumare',
    3,
    [
      [
        'Persone che fanno regolarmente attività fisica moderata',
        'Persone che fanno almeno 30 minuti di attività fisica tre volte alla settimana',
        [['Attività fisica moderata frequente', 4890, S.hact]],
      ],
      [
        'Fumatori che hanno smesso da almeno 12 mesi',
        'Partecipanti che non fumano più dopo un anno',
        [['Costo sanitario annuo di un fumatore', 1400, S.salute]],
      ],
    ],
  ],
  [
    'Meno ricoveri ospedalieri evitabili',
    'Un’assistenza domiciliare migliore previene i ricoveri d’urgenza',
    3,
    [
      [
        'Ricoveri d’urgenza evitati',
        'Ricoveri evitati rispetto alla situazione di partenza',
        [['Costo medio di un ricovero ospedaliero (DRG)', 3900, S.salute]],
      ],
      [
        'Accessi al pronto soccorso evitati',
        'Accessi evitati rispetto alla situazione di partenza',
        [['Costo di un accesso al pronto soccorso', 250, S.salute]],
      ],
    ],
  ],
  [
    'Meno abbandono scolastico',
    'Gli studenti a rischio restano a scuola e completano gli studi',
    4,
    [
      [
        'Studenti a rischio che completano l’anno scolastico',
        'Studenti segnalati come a rischio che vengono promossi',
        [
          [
            'Maggior reddito annuo dato dal diploma di scuola superiore',
            3500,
            ["Banca d'Italia, Questioni di economia e finanza", 'https://www.bancaditalia.it/'],
          ],
        ],
      ],
      [
        'Giovani tornati a scuola o in formazione',
        'Giovani usciti precocemente dalla scuola di nuovo in un corso da almeno sei mesi',
        [['Formazione generale per il lavoro', 1830, S.hact]],
      ],
    ],
  ],
  [
    'Competenze di base migliori',
    'Bambini e adulti leggono, contano e usano gli strumenti digitali meglio',
    4,
    [
      [
        'Bambini che migliorano il livello di lettura',
        'Bambini che salgono di almeno un livello di lettura',
        [['Valore di una migliore capacità di lettura', 1200, S.oecd]],
      ],
      [
        'Adulti con una certificazione di competenze digitali di base',
        'Adulti che superano un esame certificato di competenze digitali',
        [['Prezzo di mercato di corso ed esame di competenze digitali', 350, S.ecdl]],
      ],
    ],
  ],
  [
    'Accesso ai servizi educativi per la prima infanzia',
    'I bambini piccoli frequentano servizi educativi e di cura di qualità',
    4,
    [
      ['Bambini che frequentano il nido', 'Bambini da 0 a 3 anni iscritti per tutto l’anno', [['Retta annua del nido', 3300, S.citt]]],
      [
        'Genitori tornati al lavoro grazie al nido',
        'Genitori (soprattutto madri) di nuovo in un lavoro retribuito',
        [['Stipendio netto annuo a tempo parziale', 11000, S.istat]],
      ],
    ],
  ],
  [
    'Autonomia economica delle donne',
    'Le donne trovano lavoro e avviano la propria impresa',
    5,
    [
      [
        'Donne che trovano un lavoro retribuito',
        'Donne occupate da almeno sei mesi',
        [['Reddito netto medio annuo delle donne', 15800, S.istat]],
      ],
      [
        'Microimprese femminili avviate',
        'Imprese ancora attive dopo un anno',
        [['Reddito netto medio di una microimpresa nel primo anno', 9500, S.unioncamere]],
      ],
    ],
  ],
  [
    'Protezione dalla violenza di genere',
    'Le donne escono in sicurezza da relazioni violente e ricostruiscono la propria vita',
    5,
    [
      [
        'Donne accompagnate fuori da relazioni violente',
        'Donne che completano un percorso di protezione e autonomia',
        [['Costo annuo della violenza del partner per vittima', 4300, S.eige]],
      ],
      [
        'Notti in una casa rifugio',
        'Notti di accoglienza offerte nelle case rifugio antiviolenza',
        [['Costo di una notte in una casa rifugio antiviolenza', 70, S.dire]],
      ],
    ],
  ],
  [
    'Meno povertà energetica',
    'Le famiglie riscaldano la casa a un costo sostenibile',
    7,
    [
      [
        'Famiglie con bollette energetiche più basse',
        'Famiglie che risparmiano almeno il 10% in bolletta',
        [['Risparmio medio annuo in bolletta dopo gli interventi di efficienza energetica', 420, S.enea]],
      ],
      [
        'Abitazioni isolate',
        'Abitazioni con isolamento termico o riscaldamento efficiente',
        [['Costo sanitario annuo evitato di una casa fredda', 600, S.bre]],
      ],
    ],
  ],
  [
    'Più energia rinnovabile di comunità',
    'Le comunità producono e condividono energia rinnovabile',
    7,
    [
      [
        'MWh di energia rinnovabile prodotti',
        'Energia prodotta in un anno dagli impianti della comunità',
        [['Prezzo medio all’ingrosso dell’energia elettrica', 110, S.gme]],
      ],
      [
        'Famiglie che aderiscono a una comunità energetica',
        'Membri di una comunità energetica rinnovabile',
        [['Incentivo e risparmio annuo per membro', 170, S.gse]],
      ],
    ],
  ],
  [
    'Occupazione giovanile',
    'I giovani che non studiano, non lavorano e non sono in formazione (NEET) trovano un lavoro stabile',
    8,
    [
      [
        'NEET occupati da sei mesi o più',
        'Giovani dai 18 ai 29 anni occupati da sei mesi o più',
        [
          ['Stipendio netto medio annuo degli under 30', 14500, S.inps],
          ['Costo pubblico annuo evitato per un NEET', 12000, S.eurofound],
        ],
      ],
      ['Giovani che completano un apprendistato', 'Apprendistati conclusi con una qualifica', [['Apprendistato', 2750, S.hact]]],
    ],
  ],
  [
    'Lavoro delle persone con disabilità',
    'Le persone con disabilità lavorano in contesti di lavoro ordinari',
    8,
    [
      ['Persone con disabilità assunte', 'Assunzioni con contratti di almeno 12 mesi', [['Stipendio netto medio annuo', 17600, S.istat]]],
      [
        'Tirocini completati',
        'Tirocini di almeno sei mesi portati a termine',
        [
          [
            'Indennità di tirocinio per sei mesi',
            3000,
            ['Regione Lombardia, Tirocini extracurriculari', 'https://www.regione.lombardia.it/'],
          ],
        ],
      ],
    ],
  ],
  [
    'Crescita delle imprese sociali',
    'Le imprese sociali crescono e creano lavoro di qualità',
    8,
    [
      [
        'Nuovi posti di lavoro nelle imprese sostenute',
        'Posti di lavoro creati, in equivalenti a tempo pieno',
        [['Stipendio netto medio annuo', 17600, S.istat]],
      ],
      [
        'Imprese attive dopo tre anni',
        'Start-up sostenute ancora attive dopo tre anni',
        [['Utile medio annuo di una piccola impresa', 9000, S.unioncamere]],
      ],
    ],
  ],
  [
    'Inclusione di migranti e rifugiati',
    'Migranti e rifugiati imparano la lingua e diventano autonomi',
    10,
    [
      [
        'Migranti che superano l’esame di italiano A2',
        'Livello A2 o superiore certificato',
        [
          [
            'Prezzo di mercato di un corso di italiano A2',
            400,
            ['CPIA, Centri provinciali per l’istruzione degli adulti', 'https://www.miur.gov.it/'],
          ],
        ],
      ],
      [
        'Rifugiati con un lavoro stabile',
        'Rifugiati che lasciano l’accoglienza con un lavoro',
        [['Costo annuo di accoglienza evitato (35 euro al giorno)', 12775, S.interno]],
      ],
    ],
  ],
  [
    'Meno discriminazioni',
    'Meno persone subiscono discriminazioni sul lavoro e nei servizi',
    10,
    [
      [
        'Persone formate contro le discriminazioni',
        'Personale e volontari che completano la formazione',
        [['Costo della formazione sulla diversità per partecipante', 250, S.estimate]],
      ],
      [
        'Controversie risolte con la mediazione',
        'Casi di discriminazione risolti senza andare in tribunale',
        [['Spesa legale media evitata per caso', 2300, S.giustizia2]],
      ],
    ],
  ],
  [
    'Mobilità autonoma delle persone con disabilità',
    'Le persone con disabilità si spostano da sole',
    10,
    [
      [
        'Persone con disabilità che si spostano in autonomia',
        'Persone che usano i mezzi pubblici accessibili almeno una volta al mese',
        [['Costo annuo di un servizio di trasporto porta a porta', 2600, S.estimate]],
      ],
    ],
  ],
  [
    'Condizioni abitative migliori',
    'Le famiglie vivono in case adeguate, sicure e salubri',
    11,
    [
      [
        'Famiglie uscite da alloggi sovraffollati',
        'Famiglie trasferite in abitazioni adeguate',
        [['Passaggio da un alloggio temporaneo a uno stabile', 10000, S.hact]],
      ],
      [
        'Abitazioni ristrutturate',
        'Abitazioni portate a condizioni dignitose',
        [['Costo sanitario annuo evitato di un’abitazione inadeguata', 1100, S.bre]],
      ],
    ],
  ],
  [
    'Quartieri più sicuri',
    'I residenti si sentono e sono più sicuri nel loro quartiere',
    11,
    [
      [
        'Residenti che si sentono sicuri di sera',
        'Residenti che dichiarano di sentirsi sicuri a camminare da soli dopo il tramonto',
        [['Sentirsi sicuri nel proprio quartiere', 4000, S.hact]],
      ],
      [
        'Meno episodi di comportamento antisociale',
        'Episodi segnalati rispetto alla situazione di partenza',
        [['Costo di un episodio di comportamento antisociale', 760, S.gmca]],
      ],
    ],
  ],
  [
    'Spazi pubblici e culturali rigenerati',
    'Luoghi abbandonati diventano spazi aperti alla comunità e alla cultura',
    11,
    [
      [
        'Visite agli spazi rigenerati',
        'Visite annue agli spazi e ai loro eventi',
        [['Disponibilità a pagare per la visita a un luogo della cultura', 8, S.mic]],
      ],
      [
        'Ore di volontariato negli spazi di comunità',
        'Ore di volontariato prestate negli spazi',
        [['Valore orario di sostituzione del volontariato', 15, S.istat]],
      ],
    ],
  ],
  [
    'Meno spreco alimentare',
    'Le eccedenze alimentari vengono recuperate e arrivano a chi ne ha bisogno',
    12,
    [
      [
        'Tonnellate di eccedenze alimentari recuperate',
        'Cibo recuperato da negozi, mense e produttori',
        [['Valore del cibo recuperato per tonnellata', 2000, S.banco]],
      ],
      ['Pasti ridistribuiti', 'Pasti serviti con il cibo recuperato', [['Costo di un pasto in una mensa solidale', 3.5, S.banco]]],
    ],
  ],
  [
    'Più riuso e riciclo',
    'Gli oggetti vengono riparati e riutilizzati, i rifiuti riciclati',
    12,
    [
      [
        'Tonnellate di rifiuti sottratte alla discarica',
        'Rifiuti riciclati o riutilizzati invece di finire in discarica',
        [['Ecotassa e tariffa di conferimento in discarica per tonnellata', 130, S.ispra]],
      ],
      [
        'Oggetti riparati e riutilizzati',
        'Mobili, elettrodomestici e biciclette riparati',
        [['Valore medio di sostituzione di un oggetto riparato', 60, S.estimate]],
      ],
    ],
  ],
  [
    'Meno emissioni di gas serra',
    'Le attività del progetto emettono meno CO2',
    13,
    [
      [
        'Tonnellate di CO2e evitate',
        'Emissioni evitate rispetto alla situazione di partenza',
        [
          ['Costo sociale del carbonio', 175, S.epa],
          ['Prezzo medio delle quote EU ETS', 83, S.eex],
        ],
      ],
      [
        'Km in auto evitati',
        'Chilometri percorsi in bicicletta o con i mezzi pubblici invece che in auto',
        [['Costo esterno per km in auto', 0.11, S.handbook]],
      ],
    ],
  ],
  [
    'Comunità resilienti al clima',
    'Le comunità si preparano alle ondate di calore e alle alluvioni',
    13,
    [
      [
        'Residenti formati per affrontare le emergenze',
        'Residenti che completano un corso di protezione civile',
        [
          [
            'Costo di un corso di formazione di protezione civile',
            120,
            ['Dipartimento della Protezione Civile', 'https://www.protezionecivile.gov.it/'],
          ],
        ],
      ],
      [
        'Alberi piantati in città',
        'Alberi piantati e ancora vivi dopo due anni',
        [['Valore annuo dei servizi ecosistemici di un albero in città', 45, S.itree]],
      ],
    ],
  ],
  [
    'Ecosistemi ripristinati',
    'Terreni e habitat degradati vengono ripristinati',
    15,
    [
      [
        'Ettari di terreno ripristinati',
        'Terreni gestiti per il ripristino',
        [['Valore dei servizi ecosistemici per ettaro di foresta temperata', 1800, S.teeb]],
      ],
      [
        'Volontari in attività di tutela della natura',
        'Persone che fanno volontariato almeno una volta al mese',
        [['Volontariato regolare', 3800, S.hact]],
      ],
    ],
  ],
  [
    'Consapevolezza ambientale',
    'I giovani capiscono le questioni ambientali e agiscono di conseguenza',
    15,
    [
      [
        'Studenti coinvolti nell’educazione ambientale',
        'Studenti che completano il programma',
        [['Costo per studente di un programma di educazione ambientale', 90, S.estimate]],
      ],
    ],
  ],
  [
    'Meno recidiva',
    'Chi esce dal carcere non commette nuovi reati',
    16,
    [
      [
        'Ex detenuti senza recidiva entro 12 mesi',
        'Persone scarcerate non condannate di nuovo entro un anno',
        [['Costo annuo di un detenuto (137 euro al giorno)', 50000, S.giustizia]],
      ],
      [
        'Detenuti che completano una formazione professionale',
        'Detenuti che completano un corso certificato',
        [['Costo della formazione professionale per allievo', 1500, S.estimate]],
      ],
    ],
  ],
  [
    'Accesso alla giustizia',
    'Le persone a basso reddito ricevono consulenza legale quando ne hanno bisogno',
    16,
    [
      [
        'Persone che ricevono consulenza legale gratuita',
        'Ore di consulenza offerte agli aventi diritto',
        [['Costo di un’ora di consulenza legale', 120, S.giustizia]],
      ],
    ],
  ],
  [
    'Cittadinanza attiva',
    'I residenti partecipano alle decisioni locali',
    16,
    [
      [
        'Cittadini coinvolti nel bilancio partecipativo',
        'Residenti che propongono o votano progetti',
        [['Partecipare a un’organizzazione locale', 1200, S.hact]],
      ],
    ],
  ],
  [
    'Partenariati più solidi nel Terzo settore',
    'Le organizzazioni lavorano insieme e condividono risorse',
    17,
    [
      [
        'Accordi di partenariato firmati',
        'Accordi formali tra partner',
        [['Costi generali condivisi all’anno per partenariato', 5000, S.estimate]],
      ],
      [
        'Ore di personale condivise tra partner',
        'Ore di personale messe a disposizione dei partner',
        [['Costo orario di un operatore sociale', 22, S.ccnl]],
      ],
    ],
  ],
  [
    'Cofinanziamenti aggiuntivi attratti',
    'Il progetto attrae cofinanziamenti da altre fonti',
    17,
    [['Euro di cofinanziamento raccolti', 'Fondi raccolti presso altri finanziatori', [['Valore nominale dei fondi', 1, S.own]]]],
  ],
];

const STAKEHOLDERS = [
  ['Giovani (NEET)', 'Persone dai 18 ai 29 anni che non studiano, non lavorano e non sono in formazione'],
  ['Famiglie a basso reddito', 'Famiglie sotto la soglia di povertà relativa (ISTAT)'],
  ['Persone anziane', 'Persone dai 65 anni in su che vivono a casa propria'],
  ['Persone con disabilità', 'Persone con disabilità certificata e chi le assiste'],
  ['Migranti e rifugiati', 'Cittadini di paesi terzi, richiedenti asilo e rifugiati'],
  ['Donne', 'Donne, comprese quelle uscite dalla violenza di genere'],
  ['Bambini e studenti', 'Bambini e studenti dalla prima infanzia alla scuola secondaria'],
  ['Residenti del quartiere', 'Persone che vivono nei quartieri del progetto'],
  ['Pubblica amministrazione', 'Comuni, aziende sanitarie e altri enti pubblici'],
  ['Organizzazioni del Terzo settore', 'Cooperative sociali, associazioni e imprese sociali'],
  ['Volontari', 'Persone che dedicano il loro tempo al progetto'],
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
  const readme = wb.addWorksheet('Leggimi');
  readme.getColumn(1).width = 120;
  for (const text of [
    'Framework d’impatto di esempio di Impact Calls (si importa solo il primo foglio).',
    'Una riga per ogni outcome, indicatore e proxy; gli outcome si ripetono su ogni riga dei loro indicatori.',
    'sdgNumero: il numero dell’SDG, da 1 a 17. valoreproxy: il valore per unità in euro (un numero, non una formula).',
    'fonteproxy: la fonte, come link, come "nome (https://...)" o come nome.',
    'stakeholder / descrizioneStakeholder: l’elenco degli stakeholder, uno per riga, indipendente dalle altre colonne.',
    'I valori dei proxy sono ordini di grandezza indicativi: verificali prima di farci affidamento.',
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
