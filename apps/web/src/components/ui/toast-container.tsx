import { Slide, ToastContainer } from 'react-toastify';
import { TOAST_MS } from '@wise/shared';
import { BadIcon } from './art/bad-icon';
import { TickIcon } from './art/tick';
import './toast.css';

/** The one toast host: top-centre, closes after 5 s, our own icons (docs/product.md §8, docs/look.md). */
export default function WiseToastContainer() {
  return (
    <ToastContainer
      position="top-center"
      autoClose={TOAST_MS}
      hideProgressBar
      closeOnClick
      pauseOnFocusLoss={false}
      newestOnTop
      limit={3}
      transition={Slide}
      theme="light"
      icon={({ type }) => {
        if (type === 'error') return <BadIcon size={24} />;
        if (type === 'success') return <TickIcon size={24} />;
        return false;
      }}
    />
  );
}
