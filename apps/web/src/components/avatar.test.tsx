import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { Avatar } from './avatar';
import placeholderImage from './avatar-placeholder.svg';

it('shows the picture when there is one', () => {
  render(<Avatar src="https://cdn.example/ann.png" alt="Ann Lee" />);

  expect(screen.getByRole('img', { name: 'Ann Lee' })).toHaveAttribute('src', 'https://cdn.example/ann.png');
});

it('falls back to the placeholder image when there is none or it fails to load', () => {
  const { rerender } = render(<Avatar src={null} alt="Ann Lee" />);
  expect(screen.getByRole('img', { name: 'Ann Lee' })).toHaveAttribute('src', placeholderImage);

  rerender(<Avatar src="https://cdn.example/gone.png" alt="Ann Lee" />);
  fireEvent.error(screen.getByRole('img', { name: 'Ann Lee' }));
  expect(screen.getByRole('img', { name: 'Ann Lee' })).toHaveAttribute('src', placeholderImage);
});
