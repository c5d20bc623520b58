/**
 * The consent a member gives before their face is compared (Law 058/2021 relating to the
 * protection of personal data and privacy: biometric data are sensitive personal data, processed
 * with the explicit consent of the person they describe).
 *
 * Guarantees
 * - A consent records who, when and which version of this text; changing the text means a new
 *   `version`, and members consent again before their next comparison (an older version is no
 *   consent to the new text).
 * - The text exists in every language of the product (en, fr, rw, sw), each saying the same: one
 *   version names the four. A member reads it in their language; the language shown is recorded
 *   with the consent on the audit trail.
 * - The text says what is processed, why, what is kept and how to withdraw; the server answers it
 *   with the KYC status so that the screen shows exactly what is recorded.
 */
import type { Language } from '../accounts/user.ts';

export const BIOMETRIC_CONSENT = {
  // Unchanged by the translations of 2026-11-28: the English text members consented to is the
  // same, and the others say exactly what it says.
  version: '2026-11-23',
  texts: {
    en:
      'I agree that Ikimina compares the face on my ID photo with the face on my selfie to verify my identity. ' +
      'The comparison runs on Ikimina’s own servers; no one else receives my photos. ' +
      'Ikimina keeps my two photos as private files that only I can open, and keeps the result of each comparison ' +
      '(the match percent, the model used and the date) as a record of the verification. ' +
      'The face measurements computed for a comparison are not stored. ' +
      'I can withdraw this consent at any time; no comparison is made after that, and a verification already made stays on record.',
    fr:
      'J’accepte qu’Ikimina compare le visage de ma photo d’identité avec celui de mon selfie pour vérifier mon identité. ' +
      'La comparaison se fait sur les propres serveurs d’Ikimina ; personne d’autre ne reçoit mes photos. ' +
      'Ikimina conserve mes deux photos comme des fichiers privés que moi seul peux ouvrir, et conserve le résultat de chaque comparaison ' +
      '(le pourcentage de correspondance, le modèle utilisé et la date) comme trace de la vérification. ' +
      'Les mesures du visage calculées pour une comparaison ne sont pas conservées. ' +
      'Je peux retirer ce consentement à tout moment ; aucune comparaison n’est faite ensuite, et une vérification déjà faite reste enregistrée.',
    rw:
      'Nemeye ko Ikimina igereranya isura iri ku ifoto y’indangamuntu yanjye n’isura iri ku ifoto nifotoye, kugira ngo yemeze umwirondoro wanjye. ' +
      'Igereranya rikorerwa kuri seriveri za Ikimina ubwayo; nta wundi muntu uhabwa amafoto yanjye. ' +
      'Ikimina ibika amafoto yanjye yombi nk’amadosiye bwite nshobora gufungura jyenyine, kandi ibika igisubizo cya buri gereranya ' +
      '(ijanisha ry’uko amasura ahuye, porogaramu yakoreshejwe n’itariki) nk’icyemezo cy’igenzura. ' +
      'Ibipimo by’isura bibarwa mu igereranya ntibibikwa. ' +
      'Nshobora gukuraho ubu burenganzira igihe icyo ari cyo cyose; nyuma yaho nta gereranya rikorwa, kandi igenzura ryamaze gukorwa rigumaho mu nyandiko.',
    sw:
      'Ninakubali Ikimina ilinganishe uso ulio kwenye picha ya kitambulisho changu na uso ulio kwenye selfie yangu ili kuthibitisha utambulisho wangu. ' +
      'Ulinganisho unafanyika kwenye seva za Ikimina zenyewe; hakuna mtu mwingine anayepokea picha zangu. ' +
      'Ikimina inahifadhi picha zangu mbili kama faili binafsi ambazo ni mimi tu ninayeweza kuzifungua, na inahifadhi matokeo ya kila ulinganisho ' +
      '(asilimia ya ulinganifu, modeli iliyotumika na tarehe) kama kumbukumbu ya uthibitisho. ' +
      'Vipimo vya uso vinavyokokotolewa kwa ulinganisho havihifadhiwi. ' +
      'Ninaweza kuondoa idhini hii wakati wowote; hakuna ulinganisho utakaofanywa baada ya hapo, na uthibitisho uliokwisha fanywa unabaki kwenye kumbukumbu.',
  } satisfies Record<Language, string>,
} as const;
