// Word lists for the clinic sample: departments, their visit reasons and diagnoses, medications, insurers.
// The tables are laid out by hand, several entries or one record a line; prettier-ignore keeps Prettier from
// putting one entry a line, which would make them several times longer and harder to scan.

/** Why people book with a department, what the doctor then finds, and what may be prescribed for it. */
export interface VisitProfile {
  readonly reason: string;
  /** Relative frequency within the department. */
  readonly weight: number;
  readonly diagnoses: readonly string[];
  /** Generic names from MEDICATIONS; empty when such visits do not end with a prescription. */
  readonly medications: readonly string[];
  /** Routine check-ups and procedures are booked as such rather than as consultations. */
  readonly kind?: "routine" | "procedure";
}

export interface DepartmentSpec {
  readonly name: string;
  readonly floor: number;
  /** Relative share of appointments. */
  readonly weight: number;
  readonly specialties: readonly string[];
  /** Typical fee of a consultation, in dollars. */
  readonly baseFee: number;
  readonly visits: readonly VisitProfile[];
}

// prettier-ignore
export const DEPARTMENTS: readonly DepartmentSpec[] = [
  {
    name: "Family Medicine", floor: 1, weight: 26, baseFee: 145, specialties: ["Family Medicine", "Internal Medicine"],
    visits: [
      { reason: "Annual physical", weight: 5, diagnoses: ["Routine adult health examination"], medications: [], kind: "routine" },
      { reason: "Blood pressure check", weight: 4, diagnoses: ["Essential hypertension"], medications: ["Lisinopril", "Amlodipine", "Losartan", "Hydrochlorothiazide"] },
      { reason: "Cough and fever", weight: 3, diagnoses: ["Acute bronchitis", "Acute upper respiratory infection", "Community-acquired pneumonia"], medications: ["Azithromycin", "Amoxicillin", "Acetaminophen"] },
      { reason: "Sore throat", weight: 2, diagnoses: ["Streptococcal pharyngitis", "Viral pharyngitis"], medications: ["Amoxicillin", "Ibuprofen"] },
      { reason: "Back pain", weight: 2, diagnoses: ["Low back pain", "Lumbar muscle strain"], medications: ["Ibuprofen", "Naproxen", "Cyclobenzaprine"] },
      { reason: "Fatigue", weight: 2, diagnoses: ["Iron deficiency anemia", "Vitamin D deficiency", "Hypothyroidism"], medications: ["Ferrous sulfate", "Levothyroxine"] },
      { reason: "Diabetes check", weight: 3, diagnoses: ["Type 2 diabetes mellitus", "Prediabetes"], medications: ["Metformin"] },
      { reason: "Cholesterol follow-up", weight: 2, diagnoses: ["Hyperlipidemia"], medications: ["Atorvastatin", "Rosuvastatin"] },
      { reason: "Seasonal allergies", weight: 2, diagnoses: ["Allergic rhinitis"], medications: ["Cetirizine", "Montelukast"] },
      { reason: "Heartburn", weight: 1, diagnoses: ["Gastroesophageal reflux disease"], medications: ["Omeprazole"] },
    ],
  },
  {
    name: "Pediatrics", floor: 1, weight: 14, baseFee: 130, specialties: ["General Pediatrics"],
    visits: [
      { reason: "Well-child visit", weight: 5, diagnoses: ["Routine child health examination"], medications: [], kind: "routine" },
      { reason: "Ear pain", weight: 3, diagnoses: ["Acute otitis media"], medications: ["Amoxicillin", "Acetaminophen"] },
      { reason: "Fever", weight: 3, diagnoses: ["Viral syndrome", "Influenza"], medications: ["Acetaminophen", "Ibuprofen"] },
      { reason: "Barking cough", weight: 1, diagnoses: ["Croup"], medications: ["Prednisone"] },
      { reason: "Asthma follow-up", weight: 2, diagnoses: ["Childhood asthma"], medications: ["Albuterol", "Montelukast"] },
      { reason: "Rash", weight: 2, diagnoses: ["Atopic dermatitis", "Contact dermatitis"], medications: ["Hydrocortisone cream"] },
      { reason: "Vaccination", weight: 2, diagnoses: ["Encounter for immunization"], medications: [] },
    ],
  },
  {
    name: "Cardiology", floor: 3, weight: 10, baseFee: 260, specialties: ["General Cardiology", "Interventional Cardiology", "Electrophysiology"],
    visits: [
      { reason: "Chest pain", weight: 3, diagnoses: ["Coronary artery disease", "Stable angina", "Non-cardiac chest pain"], medications: ["Atorvastatin", "Clopidogrel", "Metoprolol"] },
      { reason: "Palpitations", weight: 2, diagnoses: ["Atrial fibrillation", "Premature ventricular contractions"], medications: ["Metoprolol", "Apixaban", "Warfarin"] },
      { reason: "Shortness of breath", weight: 2, diagnoses: ["Heart failure"], medications: ["Furosemide", "Carvedilol", "Spironolactone", "Lisinopril"] },
      { reason: "High blood pressure", weight: 2, diagnoses: ["Resistant hypertension"], medications: ["Spironolactone", "Amlodipine", "Losartan"] },
      { reason: "Follow-up after stent", weight: 1, diagnoses: ["Coronary artery disease"], medications: ["Clopidogrel", "Atorvastatin"] },
      { reason: "High cholesterol", weight: 1, diagnoses: ["Familial hypercholesterolemia"], medications: ["Rosuvastatin"] },
    ],
  },
  {
    name: "Dermatology", floor: 2, weight: 7, baseFee: 190, specialties: ["Medical Dermatology", "Dermatologic Surgery"],
    visits: [
      { reason: "Skin check", weight: 3, diagnoses: ["Benign nevus", "Seborrheic keratosis", "Actinic keratosis"], medications: [] },
      { reason: "Acne", weight: 3, diagnoses: ["Acne vulgaris"], medications: ["Tretinoin cream", "Doxycycline"] },
      { reason: "Eczema flare", weight: 2, diagnoses: ["Atopic dermatitis"], medications: ["Hydrocortisone cream", "Clobetasol ointment"] },
      { reason: "Psoriasis follow-up", weight: 2, diagnoses: ["Psoriasis"], medications: ["Clobetasol ointment", "Methotrexate"] },
      { reason: "Mole removal", weight: 1, diagnoses: ["Dysplastic nevus", "Basal cell carcinoma"], medications: [], kind: "procedure" },
      { reason: "Hair loss", weight: 1, diagnoses: ["Androgenetic alopecia", "Telogen effluvium"], medications: [] },
    ],
  },
  {
    name: "Orthopedics", floor: 2, weight: 9, baseFee: 240, specialties: ["Sports Medicine", "Joint Replacement", "Hand Surgery"],
    visits: [
      { reason: "Knee pain", weight: 3, diagnoses: ["Osteoarthritis of knee", "Meniscus tear"], medications: ["Naproxen", "Meloxicam"] },
      { reason: "Shoulder pain", weight: 2, diagnoses: ["Rotator cuff tear", "Frozen shoulder"], medications: ["Naproxen", "Ibuprofen"] },
      { reason: "Ankle sprain", weight: 2, diagnoses: ["Ankle sprain"], medications: ["Ibuprofen", "Acetaminophen"] },
      { reason: "Hip pain", weight: 2, diagnoses: ["Osteoarthritis of hip"], medications: ["Meloxicam", "Acetaminophen"] },
      { reason: "Wrist pain", weight: 1, diagnoses: ["Carpal tunnel syndrome", "Wrist fracture"], medications: ["Ibuprofen"] },
      { reason: "Joint injection", weight: 1, diagnoses: ["Osteoarthritis of knee", "Osteoarthritis of hip"], medications: [], kind: "procedure" },
      { reason: "Post-operative check", weight: 2, diagnoses: ["Aftercare following joint replacement"], medications: ["Tramadol", "Acetaminophen"] },
    ],
  },
  {
    name: "Neurology", floor: 4, weight: 6, baseFee: 275, specialties: ["General Neurology", "Headache Medicine", "Epilepsy"],
    visits: [
      { reason: "Headaches", weight: 4, diagnoses: ["Migraine without aura", "Tension-type headache"], medications: ["Sumatriptan", "Topiramate", "Propranolol", "Amitriptyline"] },
      { reason: "Numbness", weight: 2, diagnoses: ["Peripheral neuropathy", "Carpal tunnel syndrome"], medications: ["Gabapentin"] },
      { reason: "Seizure follow-up", weight: 2, diagnoses: ["Epilepsy"], medications: ["Levetiracetam", "Lamotrigine"] },
      { reason: "Dizziness", weight: 1, diagnoses: ["Benign positional vertigo"], medications: [] },
      { reason: "Tremor", weight: 1, diagnoses: ["Essential tremor"], medications: ["Propranolol"] },
      { reason: "Memory concerns", weight: 1, diagnoses: ["Mild cognitive impairment"], medications: [] },
    ],
  },
  {
    name: "Endocrinology", floor: 3, weight: 6, baseFee: 230, specialties: ["Diabetes and Metabolism", "Thyroid Disorders"],
    visits: [
      { reason: "Diabetes follow-up", weight: 4, diagnoses: ["Type 2 diabetes mellitus", "Type 1 diabetes mellitus"], medications: ["Metformin", "Insulin glargine", "Empagliflozin", "Semaglutide"] },
      { reason: "Thyroid follow-up", weight: 3, diagnoses: ["Hypothyroidism", "Hyperthyroidism"], medications: ["Levothyroxine", "Methimazole"] },
      { reason: "Weight management", weight: 2, diagnoses: ["Obesity"], medications: ["Semaglutide"] },
      { reason: "Thyroid nodule", weight: 1, diagnoses: ["Thyroid nodule"], medications: [] },
      { reason: "Abnormal lab results", weight: 1, diagnoses: ["Prediabetes", "Vitamin D deficiency"], medications: ["Metformin"] },
    ],
  },
  {
    name: "Gastroenterology", floor: 4, weight: 5, baseFee: 250, specialties: ["General Gastroenterology", "Hepatology"],
    visits: [
      { reason: "Heartburn", weight: 3, diagnoses: ["Gastroesophageal reflux disease", "Gastritis"], medications: ["Omeprazole", "Pantoprazole"] },
      { reason: "Abdominal pain", weight: 3, diagnoses: ["Irritable bowel syndrome", "Gastritis"], medications: ["Dicyclomine", "Pantoprazole"] },
      { reason: "Colonoscopy", weight: 2, diagnoses: ["Colon polyp", "Normal colonoscopy"], medications: [], kind: "procedure" },
      { reason: "Diarrhea", weight: 1, diagnoses: ["Crohn's disease", "Ulcerative colitis"], medications: ["Mesalamine", "Prednisone"] },
      { reason: "Abnormal liver tests", weight: 1, diagnoses: ["Fatty liver disease"], medications: [] },
      { reason: "Nausea", weight: 1, diagnoses: ["Gastroparesis"], medications: ["Ondansetron"] },
    ],
  },
  {
    name: "Psychiatry", floor: 5, weight: 8, baseFee: 220, specialties: ["Adult Psychiatry", "Child and Adolescent Psychiatry"],
    visits: [
      { reason: "Low mood", weight: 4, diagnoses: ["Major depressive disorder"], medications: ["Sertraline", "Escitalopram", "Fluoxetine", "Bupropion"] },
      { reason: "Anxiety", weight: 4, diagnoses: ["Generalized anxiety disorder", "Panic disorder"], medications: ["Sertraline", "Escitalopram"] },
      { reason: "Trouble sleeping", weight: 2, diagnoses: ["Insomnia"], medications: ["Trazodone"] },
      { reason: "Mood swings", weight: 1, diagnoses: ["Bipolar disorder"], medications: ["Lamotrigine"] },
      { reason: "Attention problems", weight: 1, diagnoses: ["Attention-deficit hyperactivity disorder"], medications: [] },
    ],
  },
  {
    name: "Obstetrics and Gynecology", floor: 5, weight: 7, baseFee: 210, specialties: ["Obstetrics", "Gynecology"],
    visits: [
      { reason: "Prenatal visit", weight: 4, diagnoses: ["Normal pregnancy"], medications: ["Prenatal vitamins", "Ferrous sulfate"] },
      { reason: "Annual exam", weight: 3, diagnoses: ["Routine gynecological examination"], medications: [], kind: "routine" },
      { reason: "Contraception consultation", weight: 2, diagnoses: ["Encounter for contraceptive management"], medications: ["Norethindrone"] },
      { reason: "Pelvic pain", weight: 1, diagnoses: ["Endometriosis", "Ovarian cyst"], medications: ["Ibuprofen", "Naproxen"] },
      { reason: "Irregular periods", weight: 1, diagnoses: ["Polycystic ovary syndrome"], medications: ["Metformin", "Norethindrone"] },
    ],
  },
  {
    name: "Oncology", floor: 6, weight: 3, baseFee: 320, specialties: ["Medical Oncology", "Hematology"],
    visits: [
      { reason: "Treatment follow-up", weight: 3, diagnoses: ["Breast cancer", "Prostate cancer", "Colon cancer", "Lymphoma"], medications: ["Tamoxifen", "Anastrozole", "Ondansetron"] },
      { reason: "New diagnosis consultation", weight: 1, diagnoses: ["Breast cancer", "Lymphoma", "Colon cancer"], medications: ["Ondansetron"] },
      { reason: "Abnormal blood count", weight: 1, diagnoses: ["Iron deficiency anemia", "Thrombocytopenia"], medications: ["Ferrous sulfate"] },
      { reason: "Survivorship visit", weight: 1, diagnoses: ["Personal history of cancer"], medications: [] },
    ],
  },
];

export interface MedicationSpec {
  readonly name: string;
  readonly drugClass: string;
  readonly form: string;
  readonly strength: string;
  /** Price of one unit (tablet, inhaler, tube, pen) in dollars. */
  readonly unitPrice: number;
  readonly requiresPriorAuthorization: boolean;
  /** Whether it is usually taken for a long time rather than a short course. */
  readonly longTerm: boolean;
}

/** Common generic medications; the prices are invented. */
// prettier-ignore
export const MEDICATIONS: readonly MedicationSpec[] = [
  { name: "Lisinopril", drugClass: "ACE inhibitor", form: "Tablet", strength: "10 mg", unitPrice: 0.12, requiresPriorAuthorization: false, longTerm: true },
  { name: "Amlodipine", drugClass: "Calcium channel blocker", form: "Tablet", strength: "5 mg", unitPrice: 0.1, requiresPriorAuthorization: false, longTerm: true },
  { name: "Atorvastatin", drugClass: "Statin", form: "Tablet", strength: "20 mg", unitPrice: 0.18, requiresPriorAuthorization: false, longTerm: true },
  { name: "Rosuvastatin", drugClass: "Statin", form: "Tablet", strength: "10 mg", unitPrice: 0.25, requiresPriorAuthorization: false, longTerm: true },
  { name: "Metformin", drugClass: "Biguanide", form: "Tablet", strength: "500 mg", unitPrice: 0.08, requiresPriorAuthorization: false, longTerm: true },
  { name: "Losartan", drugClass: "Angiotensin receptor blocker", form: "Tablet", strength: "50 mg", unitPrice: 0.15, requiresPriorAuthorization: false, longTerm: true },
  { name: "Hydrochlorothiazide", drugClass: "Thiazide diuretic", form: "Tablet", strength: "25 mg", unitPrice: 0.07, requiresPriorAuthorization: false, longTerm: true },
  { name: "Metoprolol", drugClass: "Beta blocker", form: "Tablet", strength: "25 mg", unitPrice: 0.11, requiresPriorAuthorization: false, longTerm: true },
  { name: "Carvedilol", drugClass: "Beta blocker", form: "Tablet", strength: "12.5 mg", unitPrice: 0.14, requiresPriorAuthorization: false, longTerm: true },
  { name: "Propranolol", drugClass: "Beta blocker", form: "Tablet", strength: "20 mg", unitPrice: 0.13, requiresPriorAuthorization: false, longTerm: true },
  { name: "Furosemide", drugClass: "Loop diuretic", form: "Tablet", strength: "40 mg", unitPrice: 0.09, requiresPriorAuthorization: false, longTerm: true },
  { name: "Spironolactone", drugClass: "Potassium-sparing diuretic", form: "Tablet", strength: "25 mg", unitPrice: 0.2, requiresPriorAuthorization: false, longTerm: true },
  { name: "Clopidogrel", drugClass: "Antiplatelet", form: "Tablet", strength: "75 mg", unitPrice: 0.22, requiresPriorAuthorization: false, longTerm: true },
  { name: "Warfarin", drugClass: "Anticoagulant", form: "Tablet", strength: "5 mg", unitPrice: 0.16, requiresPriorAuthorization: false, longTerm: true },
  { name: "Apixaban", drugClass: "Anticoagulant", form: "Tablet", strength: "5 mg", unitPrice: 8.4, requiresPriorAuthorization: true, longTerm: true },
  { name: "Amoxicillin", drugClass: "Penicillin antibiotic", form: "Capsule", strength: "500 mg", unitPrice: 0.25, requiresPriorAuthorization: false, longTerm: false },
  { name: "Azithromycin", drugClass: "Macrolide antibiotic", form: "Tablet", strength: "250 mg", unitPrice: 1.1, requiresPriorAuthorization: false, longTerm: false },
  { name: "Doxycycline", drugClass: "Tetracycline antibiotic", form: "Capsule", strength: "100 mg", unitPrice: 0.6, requiresPriorAuthorization: false, longTerm: false },
  { name: "Ibuprofen", drugClass: "NSAID", form: "Tablet", strength: "400 mg", unitPrice: 0.05, requiresPriorAuthorization: false, longTerm: false },
  { name: "Naproxen", drugClass: "NSAID", form: "Tablet", strength: "500 mg", unitPrice: 0.09, requiresPriorAuthorization: false, longTerm: false },
  { name: "Meloxicam", drugClass: "NSAID", form: "Tablet", strength: "15 mg", unitPrice: 0.1, requiresPriorAuthorization: false, longTerm: false },
  { name: "Acetaminophen", drugClass: "Analgesic", form: "Tablet", strength: "500 mg", unitPrice: 0.03, requiresPriorAuthorization: false, longTerm: false },
  { name: "Tramadol", drugClass: "Opioid analgesic", form: "Tablet", strength: "50 mg", unitPrice: 0.3, requiresPriorAuthorization: true, longTerm: false },
  { name: "Cyclobenzaprine", drugClass: "Muscle relaxant", form: "Tablet", strength: "10 mg", unitPrice: 0.12, requiresPriorAuthorization: false, longTerm: false },
  { name: "Cetirizine", drugClass: "Antihistamine", form: "Tablet", strength: "10 mg", unitPrice: 0.06, requiresPriorAuthorization: false, longTerm: false },
  { name: "Montelukast", drugClass: "Leukotriene receptor antagonist", form: "Tablet", strength: "10 mg", unitPrice: 0.21, requiresPriorAuthorization: false, longTerm: true },
  { name: "Albuterol", drugClass: "Bronchodilator", form: "Inhaler", strength: "90 mcg per puff", unitPrice: 28.5, requiresPriorAuthorization: false, longTerm: true },
  { name: "Omeprazole", drugClass: "Proton pump inhibitor", form: "Capsule", strength: "20 mg", unitPrice: 0.14, requiresPriorAuthorization: false, longTerm: true },
  { name: "Pantoprazole", drugClass: "Proton pump inhibitor", form: "Tablet", strength: "40 mg", unitPrice: 0.17, requiresPriorAuthorization: false, longTerm: true },
  { name: "Ondansetron", drugClass: "Antiemetic", form: "Tablet", strength: "4 mg", unitPrice: 0.35, requiresPriorAuthorization: false, longTerm: false },
  { name: "Dicyclomine", drugClass: "Antispasmodic", form: "Capsule", strength: "10 mg", unitPrice: 0.28, requiresPriorAuthorization: false, longTerm: false },
  { name: "Mesalamine", drugClass: "Aminosalicylate", form: "Tablet", strength: "1.2 g", unitPrice: 3.9, requiresPriorAuthorization: true, longTerm: true },
  { name: "Levothyroxine", drugClass: "Thyroid hormone", form: "Tablet", strength: "50 mcg", unitPrice: 0.19, requiresPriorAuthorization: false, longTerm: true },
  { name: "Methimazole", drugClass: "Antithyroid agent", form: "Tablet", strength: "10 mg", unitPrice: 0.32, requiresPriorAuthorization: false, longTerm: true },
  { name: "Insulin glargine", drugClass: "Long-acting insulin", form: "Injection pen", strength: "100 units/mL", unitPrice: 45.0, requiresPriorAuthorization: false, longTerm: true },
  { name: "Semaglutide", drugClass: "GLP-1 receptor agonist", form: "Injection pen", strength: "1 mg", unitPrice: 235.0, requiresPriorAuthorization: true, longTerm: true },
  { name: "Empagliflozin", drugClass: "SGLT2 inhibitor", form: "Tablet", strength: "10 mg", unitPrice: 18.6, requiresPriorAuthorization: true, longTerm: true },
  { name: "Sumatriptan", drugClass: "Triptan", form: "Tablet", strength: "50 mg", unitPrice: 1.4, requiresPriorAuthorization: false, longTerm: false },
  { name: "Topiramate", drugClass: "Anticonvulsant", form: "Tablet", strength: "25 mg", unitPrice: 0.2, requiresPriorAuthorization: false, longTerm: true },
  { name: "Gabapentin", drugClass: "Anticonvulsant", form: "Capsule", strength: "300 mg", unitPrice: 0.18, requiresPriorAuthorization: false, longTerm: true },
  { name: "Levetiracetam", drugClass: "Anticonvulsant", form: "Tablet", strength: "500 mg", unitPrice: 0.4, requiresPriorAuthorization: false, longTerm: true },
  { name: "Lamotrigine", drugClass: "Anticonvulsant", form: "Tablet", strength: "100 mg", unitPrice: 0.3, requiresPriorAuthorization: false, longTerm: true },
  { name: "Amitriptyline", drugClass: "Tricyclic antidepressant", form: "Tablet", strength: "10 mg", unitPrice: 0.1, requiresPriorAuthorization: false, longTerm: true },
  { name: "Sertraline", drugClass: "SSRI antidepressant", form: "Tablet", strength: "50 mg", unitPrice: 0.15, requiresPriorAuthorization: false, longTerm: true },
  { name: "Escitalopram", drugClass: "SSRI antidepressant", form: "Tablet", strength: "10 mg", unitPrice: 0.17, requiresPriorAuthorization: false, longTerm: true },
  { name: "Fluoxetine", drugClass: "SSRI antidepressant", form: "Capsule", strength: "20 mg", unitPrice: 0.13, requiresPriorAuthorization: false, longTerm: true },
  { name: "Bupropion", drugClass: "Antidepressant", form: "Tablet", strength: "150 mg", unitPrice: 0.45, requiresPriorAuthorization: false, longTerm: true },
  { name: "Trazodone", drugClass: "Antidepressant", form: "Tablet", strength: "50 mg", unitPrice: 0.11, requiresPriorAuthorization: false, longTerm: true },
  { name: "Tretinoin cream", drugClass: "Retinoid", form: "Cream", strength: "0.05%", unitPrice: 62.0, requiresPriorAuthorization: true, longTerm: true },
  { name: "Hydrocortisone cream", drugClass: "Topical corticosteroid", form: "Cream", strength: "1%", unitPrice: 4.5, requiresPriorAuthorization: false, longTerm: false },
  { name: "Clobetasol ointment", drugClass: "Topical corticosteroid", form: "Ointment", strength: "0.05%", unitPrice: 24.0, requiresPriorAuthorization: false, longTerm: false },
  { name: "Methotrexate", drugClass: "Antimetabolite", form: "Tablet", strength: "2.5 mg", unitPrice: 0.9, requiresPriorAuthorization: true, longTerm: true },
  { name: "Prednisone", drugClass: "Corticosteroid", form: "Tablet", strength: "10 mg", unitPrice: 0.08, requiresPriorAuthorization: false, longTerm: false },
  { name: "Tamoxifen", drugClass: "Hormone therapy", form: "Tablet", strength: "20 mg", unitPrice: 0.55, requiresPriorAuthorization: false, longTerm: true },
  { name: "Anastrozole", drugClass: "Aromatase inhibitor", form: "Tablet", strength: "1 mg", unitPrice: 0.6, requiresPriorAuthorization: false, longTerm: true },
  { name: "Prenatal vitamins", drugClass: "Vitamin supplement", form: "Tablet", strength: "Standard", unitPrice: 0.09, requiresPriorAuthorization: false, longTerm: true },
  { name: "Ferrous sulfate", drugClass: "Iron supplement", form: "Tablet", strength: "325 mg", unitPrice: 0.04, requiresPriorAuthorization: false, longTerm: false },
  { name: "Norethindrone", drugClass: "Progestin contraceptive", form: "Tablet", strength: "0.35 mg", unitPrice: 0.3, requiresPriorAuthorization: false, longTerm: true },
];

/** Insurers: two public programmes and invented private plans. */
// prettier-ignore
export const INSURERS: readonly { readonly name: string; readonly weight: number }[] = [
  { name: "Cascade Health Plan", weight: 24 },
  { name: "Evergreen Mutual", weight: 18 },
  { name: "Summit Care", weight: 12 },
  { name: "Northwest Benefit Partners", weight: 8 },
  { name: "Medicare", weight: 18 },
  { name: "Medicaid", weight: 12 },
];

/** Allergies a patient may report; most report none. */
// prettier-ignore
export const ALLERGIES: readonly string[] = [
  "Penicillin", "Sulfa drugs", "Peanuts", "Latex", "Shellfish", "Aspirin", "Codeine", "Bee stings", "Eggs", "Tree nuts",
];

/** Kinds of appointment: how long each is booked for and how its fee compares with the department's base fee. */
// prettier-ignore
export const VISIT_TYPES: Readonly<Record<string, { readonly minutes: number; readonly feeFactor: number }>> = {
  "New patient": { minutes: 40, feeFactor: 1.4 },
  "Follow-up": { minutes: 20, feeFactor: 0.8 },
  "Annual physical": { minutes: 30, feeFactor: 1.2 },
  Procedure: { minutes: 60, feeFactor: 2.5 },
  Telehealth: { minutes: 20, feeFactor: 0.6 },
};
