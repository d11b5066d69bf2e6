import type { Campaign, CampaignPartner, CartItem } from './types';

export function campaign(id: number, overrides: Partial<Campaign> = {}): Campaign {
  return {
    id,
    name: `Kampanja ${id}`,
    description: `Opis kampanje ${id}`,
    image: `c${id}.jpg`,
    image_url: `/api/images/campaigns/c${id}.jpg`,
    thumb_url: `/api/images/campaigns/c${id}.jpg?size=thumb`,
    is_visible: true,
    is_active: true,
    updated_at: '2026-11-24T10:00:00Z',
    version: 3,
    ...overrides,
  };
}

export function partner(id: number, overrides: Partial<CampaignPartner> = {}): CampaignPartner {
  return {
    id,
    name: `Partner ${id}`,
    phone: '+382 67 000 000',
    category_names: 'Alati',
    city: 'Podgorica',
    pivot: { cash: '1500.5' },
    spent: '0',
    in_categories: true,
    ...overrides,
  };
}

export function cartItem(id: number, overrides: Partial<CartItem> = {}): CartItem {
  return {
    id,
    created_at: '2026-11-20T09:30:00Z',
    partner_id: 1001,
    name: 'Gradnja Petrović',
    phone: '+382 67 111 222',
    product_id: 5,
    product: 'Bušilica',
    price: '125.5',
    quantity: 2,
    value: '251',
    is_active: false,
    ...overrides,
  };
}
