import type { Sector, Service } from '@accueil/domain';

type Labels = Service['labels'];
const l = (frCA: string, enCA: string, frFR: string = frCA): Labels => ({
  'fr-CA': frCA,
  'en-CA': enCA,
  'fr-FR': frFR,
});

/**
 * The services an organisation of each sector may offer, shipped with the product. Ids are
 * stable (organisations store them); labels are given in each interface locale.
 */
const CATALOGUE: Record<Sector, Record<string, Labels>> = {
  dental: {
    'dental-exam': l('Examen dentaire', 'Dental exam'),
    'dental-cleaning': l('Nettoyage dentaire', 'Dental cleaning', 'Détartrage'),
    'dental-filling': l('Obturation', 'Filling', 'Soin de carie'),
    'dental-crown': l('Couronne', 'Crown'),
    'dental-implant': l('Implant dentaire', 'Dental implant'),
    'dental-orthodontics': l('Orthodontie', 'Orthodontics'),
    'dental-extraction': l('Extraction', 'Extraction'),
    'dental-whitening': l('Blanchiment', 'Whitening'),
    'dental-root-canal': l('Traitement de canal', 'Root canal', 'Dévitalisation'),
    'dental-emergency': l('Urgence dentaire', 'Dental emergency'),
  },
  medical: {
    'medical-general': l('Médecine générale', 'General medicine'),
    'medical-walk-in': l('Sans rendez-vous', 'Walk-in clinic', 'Consultation sans rendez-vous'),
    'medical-vaccination': l('Vaccination', 'Vaccination'),
    'medical-pediatrics': l('Pédiatrie', 'Pediatrics'),
    'medical-womens-health': l('Santé des femmes', 'Women’s health'),
    'medical-blood-test': l('Prélèvements sanguins', 'Blood tests', 'Prise de sang'),
    'medical-telemedicine': l('Télémédecine', 'Telemedicine', 'Téléconsultation'),
  },
  physiotherapy: {
    'physio-assessment': l('Évaluation', 'Assessment', 'Bilan'),
    'physio-sports': l('Physiothérapie sportive', 'Sports physiotherapy', 'Kinésithérapie du sport'),
    'physio-rehabilitation': l('Réadaptation', 'Rehabilitation', 'Rééducation'),
    'physio-massage': l('Massothérapie', 'Massage therapy', 'Massage'),
    'physio-osteopathy': l('Ostéopathie', 'Osteopathy'),
  },
  optometry: {
    'optometry-eye-exam': l('Examen de la vue', 'Eye exam'),
    'optometry-contact-lenses': l('Lentilles cornéennes', 'Contact lenses', 'Lentilles de contact'),
    'optometry-glasses': l('Lunettes', 'Glasses'),
    'optometry-children': l('Examen pour enfants', 'Children’s eye exam'),
  },
  veterinary: {
    'vet-consultation': l('Consultation', 'Consultation'),
    'vet-vaccination': l('Vaccination', 'Vaccination'),
    'vet-surgery': l('Chirurgie', 'Surgery'),
    'vet-dental': l('Soins dentaires', 'Dental care'),
    'vet-grooming': l('Toilettage', 'Grooming'),
  },
  notary: {
    'notary-real-estate': l('Immobilier', 'Real estate'),
    'notary-wills': l('Testaments', 'Wills'),
    'notary-estates': l('Successions', 'Estates'),
    'notary-marriage': l('Contrat de mariage', 'Marriage contract'),
    'notary-business': l('Droit des affaires', 'Business law'),
    'notary-mandate': l('Mandat de protection', 'Protection mandate', 'Mandat de protection future'),
  },
  other: {
    'other-consultation': l('Consultation', 'Consultation'),
    'other-follow-up': l('Suivi', 'Follow-up'),
  },
};

/** The services of a sector's catalogue, in catalogue order. */
export function servicesOfSector(sector: Sector): Service[] {
  return Object.entries(CATALOGUE[sector]).map(([id, labels]) => ({ id, sector, labels }));
}

/** True when `id` is a service of the sector's catalogue. */
export function isServiceOfSector(sector: Sector, id: string): boolean {
  return Object.hasOwn(CATALOGUE[sector], id);
}
