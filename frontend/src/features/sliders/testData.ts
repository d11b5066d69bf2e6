import type { Slider, SliderPartner } from './types';

/** A slider as the API answers it; tests override what they look at. */
export function slider(id: number, overrides: Partial<Slider> = {}): Slider {
  return {
    id,
    name: `Slajder ${id}`,
    type: 1,
    image: `s${id}.jpg`,
    image_url: `/api/images/sliders/s${id}.jpg`,
    thumb_url: `/api/images/sliders/s${id}.jpg?size=thumb`,
    wyswygimg: null,
    wyswygimg_url: null,
    page_content: '',
    page_content_details: '',
    push_notification: false,
    notification_text: '',
    dates: [],
    available_dates: [],
    start_date: null,
    end_date: null,
    categories: [{ id: 1, name: 'Alati' }],
    category_names: 'Alati',
    is_visible: true,
    is_active: true,
    updated_at: '2026-11-24T10:00:00Z',
    version: 3,
    signups_count: 0,
    orders_count: 0,
    ordered_quantity: 0,
    ...overrides,
  };
}

export const SLIKA_ROW = slider(5, { name: 'Jesenji baner', updated_at: '2026-11-20T08:30:00Z' });

export const PROMO_ROW = slider(7, {
  name: 'Zimska akcija',
  type: 2,
  wyswygimg: 'c3d4.png',
  wyswygimg_url: '/api/images/sliders/c3d4.png',
  page_content: '<h2>Popust 20%</h2><figure><img src="/api/images/sliders/old.png" alt=""></figure>',
  page_content_details: '<h2>Popust 20%</h2><figure><img src="/api/images/sliders/old.png" alt=""></figure>',
  push_notification: true,
  notification_text: 'Nova akcija',
  categories: [
    { id: 1, name: 'Alati' },
    { id: 2, name: 'Boje' },
  ],
  category_names: 'Alati, Boje',
  orders_count: 4,
  ordered_quantity: 17,
});

export const SEMINAR_ROW = slider(9, {
  name: 'Seminar o bojama',
  type: 3,
  page_content: '<p>Prijave do petka.</p>',
  page_content_details: '<p>Prijave do petka.</p>',
  dates: ['2026-11-10', '2026-12-03', '2026-12-10'],
  available_dates: ['2026-12-03', '2026-12-10'],
  category_names: 'Alati',
  is_visible: false,
  signups_count: 12,
});

export function partner(id: number, overrides: Partial<SliderPartner> = {}): SliderPartner {
  return {
    id,
    name: `Partner ${id}`,
    category_names: 'Alati, Boje',
    all_dates: ['2026-12-03'],
    quantity: 0,
    order: false,
    confirmed: false,
    ...overrides,
  };
}
