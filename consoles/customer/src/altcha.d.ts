import type {} from 'altcha/types/react';
