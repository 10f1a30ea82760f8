/** The media type of a DOCX (Office Open XML word-processing document). */
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
