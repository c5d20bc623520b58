import { describe, expect, it } from 'vitest';
import { agentRegistrationBody, EMPTY_AGENT_FORM, validateAgentForm, type AgentForm } from './agent-form.ts';

const valid: AgentForm = {
  agentCode: 'KGL-AGENT-01',
  agentType: 'individual',
  businessName: '',
  businessRegistrationNumber: '',
  physicalAddress: 'KG 11 Ave, Kimironko',
  district: 'Gasabo',
  sector: '',
  phoneNumber: '+250788123456',
  email: 'agent@example.rw',
  serviceTerritories: 'Kimironko, Remera',
  acceptTerms: true,
};

describe('agent registration form', () => {
  it('starts empty with the phone at +250, as an individual, terms not accepted', () => {
    expect(EMPTY_AGENT_FORM).toMatchObject({ phoneNumber: '+250', agentType: 'individual', acceptTerms: false });
  });

  it('accepts a complete individual application', () => {
    expect(validateAgentForm(valid)).toEqual({});
  });

  it('names every rule an empty form breaks', () => {
    expect(validateAgentForm(EMPTY_AGENT_FORM)).toEqual({
      agentCode: 'codeMin',
      physicalAddress: 'physicalAddress',
      district: 'district',
      phoneNumber: 'phoneNumber',
      email: 'email',
      serviceTerritories: 'serviceTerritories',
      acceptTerms: 'acceptTerms',
    });
  });

  it('checks the agent code length and characters', () => {
    expect(validateAgentForm({ ...valid, agentCode: 'A'.repeat(21) }).agentCode).toBe('codeMax');
    expect(validateAgentForm({ ...valid, agentCode: 'KGL 01' }).agentCode).toBe('codeCharacters');
  });

  it('asks a business agent for a business name of 2+ characters and a registration number', () => {
    const business = { ...valid, agentType: 'business' as const };
    expect(validateAgentForm({ ...business, businessName: ' A ' })).toEqual({ businessName: 'businessName', businessRegistrationNumber: 'businessRegistrationNumber' });
    expect(validateAgentForm({ ...business, businessName: 'Abahizi Ltd', businessRegistrationNumber: '1' })).toEqual({});
  });

  it('requires a 5-character address, a real district and at least one territory', () => {
    expect(validateAgentForm({ ...valid, physicalAddress: ' KG1 ' }).physicalAddress).toBe('physicalAddress');
    expect(validateAgentForm({ ...valid, district: 'Kigali' }).district).toBe('district');
    expect(validateAgentForm({ ...valid, serviceTerritories: ' , ' }).serviceTerritories).toBe('serviceTerritories');
  });

  it('sends sector as null when empty, territories as a trimmed list, and never acceptTerms', () => {
    const body = agentRegistrationBody({ ...valid, serviceTerritories: ' Kimironko ,Remera ' });
    expect(body).toEqual({
      agentCode: 'KGL-AGENT-01',
      agentType: 'individual',
      physicalAddress: 'KG 11 Ave, Kimironko',
      district: 'Gasabo',
      sector: null,
      phoneNumber: '+250788123456',
      email: 'agent@example.rw',
      serviceTerritories: ['Kimironko', 'Remera'],
    });
    expect(body).not.toHaveProperty('acceptTerms');
    expect(body).not.toHaveProperty('businessName');
  });

  it('sends the phone number in E.164, however it was typed', () => {
    for (const typed of ['0788 123 456', '+250-788-123-456', '788123456']) expect(agentRegistrationBody({ ...valid, phoneNumber: typed }).phoneNumber).toBe('+250788123456');
  });

  it('sends the business fields for a business agent only', () => {
    const body = agentRegistrationBody({ ...valid, agentType: 'business', businessName: ' Abahizi Ltd ', businessRegistrationNumber: ' RDB-1 ', sector: ' Remera ' });
    expect(body).toMatchObject({ businessName: 'Abahizi Ltd', businessRegistrationNumber: 'RDB-1', sector: 'Remera' });
  });
});
