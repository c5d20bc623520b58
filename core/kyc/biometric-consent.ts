/**
 * The consent a member gives before their face is compared (Law 058/2021 relating to the
 * protection of personal data and privacy: biometric data are sensitive personal data, processed
 * with the explicit consent of the person they describe).
 *
 * Guarantees
 * - A consent records who, when and which version of this text; changing the text means a new
 *   `version`, and members consent again before their next comparison (an older version is no
 *   consent to the new text).
 * - The text says what is processed, why, what is kept and how to withdraw; the server answers it
 *   with the KYC status so that the screen shows exactly what is recorded.
 */
export const BIOMETRIC_CONSENT = {
  version: '2026-11-23',
  text:
    'I agree that Ikimina compares the face on my ID photo with the face on my selfie to verify my identity. ' +
    'The comparison runs on Ikimina’s own servers; no one else receives my photos. ' +
    'Ikimina keeps my two photos as private files that only I can open, and keeps the result of each comparison ' +
    '(the match percent, the model used and the date) as a record of the verification. ' +
    'The face measurements computed for a comparison are not stored. ' +
    'I can withdraw this consent at any time; no comparison is made after that, and a verification already made stays on record.',
} as const;
