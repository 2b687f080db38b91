import type { Session } from '@warpgate/contracts';
import { useState } from 'preact/hooks';
import { api } from './api';
import { navigate } from './router';
import { logIn } from './session';
import { Alert, useAction } from './ui';

/** Sign up or log in: one form, two buttons' worth of difference. */
export function AuthPage() {
  const [mode, setMode] = useState<'login' | 'signup'>('login');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, setError, run } = useAction();

  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const path = mode === 'login' ? '/auth/login' : '/accounts';
      logIn(await api<Session>('POST', path, { name, password }));
      navigate(new URLSearchParams(location.search).get('next') ?? '/');
    });
  };

  const signup = mode === 'signup';
  return (
    <section class="auth card" aria-labelledby="auth-title">
      <div class="tabs" role="tablist" aria-label="Account">
        {(['login', 'signup'] as const).map((m) => (
          <button
            type="button"
            role="tab"
            key={m}
            aria-selected={mode === m}
            class={mode === m ? 'tab active' : 'tab'}
            onClick={() => {
              setMode(m);
              setError('');
            }}
          >
            {m === 'login' ? 'Log in' : 'Sign up'}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <form onSubmit={submit}>
          <h1 id="auth-title">{signup ? 'Create your account' : 'Welcome back, commander'}</h1>
          <label>
            Name
            <input
              name="name"
              autocomplete="username"
              required
              minLength={signup ? 3 : 1}
              maxLength={24}
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
              aria-describedby={signup ? 'name-help' : undefined}
            />
          </label>
          {signup && (
            <p id="name-help" class="help">
              3 to 24 letters, digits, _ or -, with single spaces between words.
            </p>
          )}
          <label>
            Password
            <input
              name="password"
              type="password"
              autocomplete={signup ? 'new-password' : 'current-password'}
              required
              minLength={signup ? 8 : 1}
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
              aria-describedby={signup ? 'password-help' : undefined}
            />
          </label>
          {signup && (
            <p id="password-help" class="help">
              At least 8 characters.
            </p>
          )}
          <Alert>{error}</Alert>
          <button class="primary" type="submit" disabled={busy}>
            {signup ? 'Sign up' : 'Log in'}
          </button>
        </form>
      </div>
    </section>
  );
}
