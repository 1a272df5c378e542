import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ExperienceForm } from '@/components/profile/experience-form';
import { renderWithApp } from '../helpers/render';

describe('the experience form', () => {
  it('clears and disables the end date when "I work here" is checked', async () => {
    const user = userEvent.setup();
    await renderWithApp(<ExperienceForm onSubmit={vi.fn()} onCancel={vi.fn()} />);
    const end = screen.getByLabelText('End date');
    await user.type(end, '2022-05-31');
    expect(end).toHaveValue('2022-05-31');
    await user.click(screen.getByLabelText('I work here'));
    expect(end).toHaveValue('');
    expect(end).toBeDisabled();
    await user.click(screen.getByLabelText('I work here'));
    expect(end).toBeEnabled();
  });

  it('sends a current job without an end date, trimmed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    await renderWithApp(<ExperienceForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    await user.type(screen.getByLabelText('Company'), '  Andes Labs ');
    await user.type(screen.getByLabelText('Position'), 'Developer');
    await user.type(screen.getByLabelText('Start date'), '2021-03-01');
    await user.click(screen.getByLabelText('I work here'));
    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect(onSubmit).toHaveBeenCalledWith({
      workplace_name: 'Andes Labs',
      position: 'Developer',
      start_date: '2021-03-01',
      end_date: null,
      description: null,
      work_here: true,
      enable_business: false,
    });
  });

  it('asks for the end date of a past job and refuses one before the start', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    await renderWithApp(<ExperienceForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(3);
    expect(
      screen.getByText('Enter the end date, or check that it is current.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Start date'), '2021-03-01');
    await user.type(screen.getByLabelText('End date'), '2020-03-01');
    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect(screen.getByText('The end date cannot be before the start date.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('explains that "use as business" turns the account into a business, and asks first', async () => {
    const user = userEvent.setup();
    await renderWithApp(<ExperienceForm onSubmit={vi.fn()} onCancel={vi.fn()} />, { locale: 'es' });
    const box = screen.getByLabelText('Usar esta empresa como mi cuenta de empresa');
    expect(box).toHaveAccessibleDescription(/convierte tu cuenta en una cuenta de empresa/);
    await user.click(box);
    const dialog = screen.getByRole('dialog', {
      name: '¿Convertir tu cuenta en una cuenta de empresa?',
    });
    expect(box).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(dialog).not.toHaveAttribute('open');
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
    expect(box).toBeChecked();
  });
});
