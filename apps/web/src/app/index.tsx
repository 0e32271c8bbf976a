import { LocaleProvider } from './locale';
import { AppProvider } from './provider';
import { AppRouter } from './router/app-router';

export function App() {
  return (
    <LocaleProvider>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </LocaleProvider>
  );
}
