import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import { startApp } from './app/bootstrap.tsx';

const root = document.getElementById('root');
if (root) startApp(root);
