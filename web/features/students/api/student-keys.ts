// The students' query keys, apart: a screen that only warms a query does not load the rest.
export const studentsQueryKey = ['students'] as const;
export const studentQueryKey = (id: string) => ['students', 'detail', id] as const;
