import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DemoSeeder, type DemoContentSeeder } from '../demo/demo-seeder.decorator.js';
import { ConfigurationEntity, type ConfigTexts } from './configuration.entity.js';

/** The demo's texts in the three languages of the interface (one value per language). */
const TEXTS: ConfigTexts = {
  it: {
    message: '<p>Benvenuti! Qui le organizzazioni partecipano ai bandi per progetti a impatto sociale.</p>',
    listName: 'Bandi',
    landingHtml: `<h1>Impact Calls</h1>
<p>Partecipa ai bandi aperti per progetti a impatto: presenta la tua organizzazione, progetta l’impatto che vuoi generare, dagli Obiettivi di sviluppo sostenibile agli outcome, agli indicatori e a una stima del ritorno sociale sull’investimento, e invia la candidatura.</p>
<h2>Come funziona</h2>
<ol><li>Accedi e registra la tua organizzazione.</li><li>Scegli un bando aperto e compilalo passo dopo passo: le risposte vengono salvate mentre scrivi.</li><li>Invia quando sei pronto: riceverai una conferma.</li></ol>`,
    dataConsentText:
      '<p>Acconsento al trattamento dei miei dati personali allo scopo di valutare questa candidatura (GDPR art. 6(1)(a)).</p>',
  },
  en: {
    message: '<p>Welcome! Here organizations apply to calls for social impact projects.</p>',
    listName: 'Calls',
    landingHtml: `<h1>Impact Calls</h1>
<p>Apply to open calls for impact projects: tell us about your organization, design the impact you want to make, from the Sustainable Development Goals to outcomes, indicators and a social return on investment estimate, and submit.</p>
<h2>How it works</h2>
<ol><li>Sign in and register your organization.</li><li>Pick an open call and fill it step by step: your answers are saved as you go.</li><li>Submit when you are ready: you will receive a confirmation.</li></ol>`,
    dataConsentText:
      '<p>I consent to the processing of my personal data for the purpose of evaluating this application (GDPR art. 6(1)(a)).</p>',
  },
  fr: {
    message: '<p>Bienvenue ! Ici, les organisations répondent aux appels à projets à impact social.</p>',
    listName: 'Appels à projets',
    landingHtml: `<h1>Impact Calls</h1>
<p>Répondez aux appels ouverts pour des projets à impact : présentez votre organisation, concevez l’impact que vous voulez produire, des Objectifs de développement durable aux résultats, aux indicateurs et à une estimation du retour social sur investissement, puis envoyez votre candidature.</p>
<h2>Comment ça marche</h2>
<ol><li>Connectez-vous et enregistrez votre organisation.</li><li>Choisissez un appel ouvert et remplissez-le étape par étape : vos réponses sont enregistrées au fur et à mesure.</li><li>Envoyez quand vous êtes prêt : vous recevrez une confirmation.</li></ol>`,
    dataConsentText:
      '<p>J’accepte le traitement de mes données personnelles aux fins de l’évaluation de cette candidature (RGPD art. 6(1)(a)).</p>',
  },
};

/** An active branding configuration with a landing page, in Italian, English and French. */
@Injectable()
@DemoSeeder(10)
export class ConfigDemoSeeder implements DemoContentSeeder {
  async seed(manager: EntityManager): Promise<void> {
    await manager.getRepository(ConfigurationEntity).save({
      name: 'Impact Calls',
      description: 'Configurazione dimostrativa',
      domain: 'localhost',
      defaultLanguage: 'it',
      languageSelection: true,
      organizationSelection: true,
      logoWidth: 50,
      logoHeight: 50,
      texts: TEXTS,
      isActive: true,
    });
  }
}
